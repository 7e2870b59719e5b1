import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import type { IdentityRow, UserRow } from "./user-json";

const USER_COLUMNS = [
  "id",
  "aud",
  "role",
  "email",
  "phone",
  "encrypted_password",
  "email_confirmed_at",
  "phone_confirmed_at",
  "confirmation_sent_at",
  "confirmed_at",
  "recovery_sent_at",
  "last_sign_in_at",
  "raw_app_meta_data",
  "raw_user_meta_data",
  "created_at",
  "updated_at",
  "banned_until",
  "deleted_at",
  "is_anonymous",
];
const NO_INSTANCE = "00000000-0000-0000-0000-000000000000";

export type NewUser = {
  email: string | null;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  isAnonymous?: boolean;
  confirmedAt?: Date | null;
};

type Json = Parameters<Sql["json"]>[0];
const asJson = (value: Record<string, unknown>) => value as Json;

/** auth.users and auth.identities. */
export class UserStore {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date,
  ) {}

  async byEmail(email: string): Promise<UserRow | null> {
    const sql = this.sql;
    const rows = await sql<UserRow[]>`select ${sql(USER_COLUMNS)} from auth.users
      where lower(email) = ${email.toLowerCase()} and is_sso_user = false limit 1`;
    return rows[0] ?? null;
  }

  async byId(id: string): Promise<UserRow | null> {
    const sql = this.sql;
    const rows = await sql<UserRow[]>`select ${sql(USER_COLUMNS)} from auth.users where id = ${id}`;
    return rows[0] ?? null;
  }

  async identities(userId: string): Promise<IdentityRow[]> {
    return this.sql<IdentityRow[]>`select id, provider_id, user_id, identity_data, provider, last_sign_in_at,
      created_at, updated_at, email from auth.identities where user_id = ${userId} order by created_at, id`;
  }

  async create(user: NewUser): Promise<UserRow> {
    const sql = this.sql;
    const now = this.now();
    const rows = await sql<UserRow[]>`insert into auth.users
      (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_anonymous)
      values (${NO_INSTANCE}, ${randomUUID()}, 'authenticated', 'authenticated', ${user.email}, ${user.passwordHash},
       ${user.confirmedAt ?? null}, ${sql.json(asJson(user.appMetadata))}, ${sql.json(asJson(user.userMetadata))},
       ${now}, ${now}, ${user.isAnonymous ?? false})
      returning ${sql(USER_COLUMNS)}`;
    return rows[0] as UserRow;
  }

  async addIdentity(userId: string, provider: string, providerId: string, data: Record<string, unknown>): Promise<void> {
    const sql = this.sql;
    const now = this.now();
    await sql`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values (${providerId}, ${userId}, ${sql.json(asJson(data))}, ${provider}, ${now}, ${now}, ${now})
      on conflict (provider_id, provider) do update set last_sign_in_at = excluded.last_sign_in_at, updated_at = excluded.updated_at`;
  }

  async identityByProvider(provider: string, providerId: string): Promise<IdentityRow | null> {
    const rows = await this.sql<IdentityRow[]>`select id, provider_id, user_id, identity_data, provider, last_sign_in_at,
      created_at, updated_at, email from auth.identities where provider = ${provider} and provider_id = ${providerId}`;
    return rows[0] ?? null;
  }

  /**
   * As Supabase does on a password change: the links already emailed (confirmation, recovery) stop
   * working, since they were asked for under the old password. Callers end the sessions.
   */
  async setPassword(id: string, passwordHash: string | null): Promise<void> {
    await this.sql`update auth.users set encrypted_password = ${passwordHash}, confirmation_token = '', confirmation_sent_at = null,
      recovery_token = '', recovery_sent_at = null, updated_at = ${this.now()} where id = ${id}`;
    await this.sql`delete from auth.one_time_tokens where user_id = ${id}`;
  }

  async confirmEmail(id: string): Promise<void> {
    const now = this.now();
    await this.sql`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, ${now}),
      confirmation_token = '', updated_at = ${now} where id = ${id}`;
    await this.sql`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
      updated_at = ${now} where user_id = ${id} and provider = 'email'`;
  }

  async markSent(id: string, kind: "confirmation" | "recovery", tokenHash: string): Promise<void> {
    const now = this.now();
    if (kind === "confirmation") {
      await this.sql`update auth.users set confirmation_token = ${tokenHash}, confirmation_sent_at = ${now} where id = ${id}`;
    } else {
      await this.sql`update auth.users set recovery_token = ${tokenHash}, recovery_sent_at = ${now} where id = ${id}`;
    }
  }

  async clearRecoveryToken(id: string): Promise<void> {
    await this.sql`update auth.users set recovery_token = '' where id = ${id}`;
  }

  async touchSignIn(id: string): Promise<void> {
    await this.sql`update auth.users set last_sign_in_at = ${this.now()} where id = ${id}`;
  }

  async setMetadata(id: string, column: "app" | "user", value: Record<string, unknown>): Promise<void> {
    const sql = this.sql;
    const now = this.now();
    if (column === "app") {
      await sql`update auth.users set raw_app_meta_data = ${sql.json(asJson(value))}, updated_at = ${now} where id = ${id}`;
    } else {
      await sql`update auth.users set raw_user_meta_data = ${sql.json(asJson(value))}, updated_at = ${now} where id = ${id}`;
    }
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.sql`delete from auth.users where id = ${id} returning id`;
    return rows.length > 0;
  }
}
