import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";

export type FlowStateRow = {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: "s256" | "plain";
  code_challenge: string;
  provider_type: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
};

export type OneTimeTokenType = "confirmation_token" | "recovery_token";
export type OneTimeTokenRow = { id: string; user_id: string; token_type: OneTimeTokenType; relates_to: string; created_at: Date };

const FLOW_COLUMNS = [
  "id",
  "user_id",
  "auth_code",
  "code_challenge_method",
  "code_challenge",
  "provider_type",
  "authentication_method",
  "created_at",
  "auth_code_issued_at",
];

/** auth.flow_state (PKCE) and auth.one_time_tokens (the token hashes emailed links carry). */
export class FlowStore {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date,
  ) {}

  async createFlow(flow: {
    userId: string | null;
    codeChallenge: string;
    codeChallengeMethod: "s256" | "plain";
    providerType: string;
    authenticationMethod: string;
  }): Promise<FlowStateRow> {
    const sql = this.sql;
    const now = this.now();
    const rows = await sql<FlowStateRow[]>`insert into auth.flow_state
      (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
      values (${randomUUID()}, ${flow.userId}, ${randomUUID()}, ${flow.codeChallengeMethod}, ${flow.codeChallenge},
        ${flow.providerType}, ${flow.authenticationMethod}, ${now}, ${now})
      returning ${sql(FLOW_COLUMNS)}`;
    return rows[0] as FlowStateRow;
  }

  async flowById(id: string): Promise<FlowStateRow | null> {
    const sql = this.sql;
    const rows = await sql<FlowStateRow[]>`select ${sql(FLOW_COLUMNS)} from auth.flow_state where id = ${id}`;
    return rows[0] ?? null;
  }

  async flowByAuthCode(authCode: string): Promise<FlowStateRow | null> {
    const sql = this.sql;
    const rows = await sql<FlowStateRow[]>`select ${sql(FLOW_COLUMNS)} from auth.flow_state where auth_code = ${authCode}`;
    return rows[0] ?? null;
  }

  /** The newest flow a user started with this method, as Supabase finds it when an email link is followed. */
  async latestFlowForUser(userId: string, authenticationMethod: string): Promise<FlowStateRow | null> {
    const sql = this.sql;
    const rows = await sql<FlowStateRow[]>`select ${sql(FLOW_COLUMNS)} from auth.flow_state
      where user_id = ${userId} and authentication_method = ${authenticationMethod}
      order by created_at desc limit 1`;
    return rows[0] ?? null;
  }

  /** Marks the code as handed out now (its 5-minute validity starts here) and binds the user. */
  async issueCode(id: string, userId: string): Promise<void> {
    const now = this.now();
    await this.sql`update auth.flow_state set user_id = ${userId}, auth_code_issued_at = ${now}, updated_at = ${now} where id = ${id}`;
  }

  /** Deletes the flow; true only for the one caller that deleted it (codes are single use). */
  async consumeFlow(id: string): Promise<boolean> {
    const rows = await this.sql`delete from auth.flow_state where id = ${id} returning id`;
    return rows.length > 0;
  }

  /** One live token per user and type: a new one replaces the previous. */
  async putToken(userId: string, type: OneTimeTokenType, tokenHash: string, relatesTo: string): Promise<void> {
    const now = this.now();
    await this.sql`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
      values (${userId}, ${type}, ${tokenHash}, ${relatesTo}, ${now}, ${now})
      on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
        relates_to = excluded.relates_to, created_at = excluded.created_at, updated_at = excluded.updated_at`;
  }

  /** Deletes and returns the token with one of these hashes (single use). */
  async takeToken(tokenHashes: string[], types: OneTimeTokenType[]): Promise<OneTimeTokenRow | null> {
    const rows = await this.sql<OneTimeTokenRow[]>`delete from auth.one_time_tokens
      where token_hash in ${this.sql(tokenHashes)} and token_type in ${this.sql(types)}
      returning id, user_id, token_type, relates_to, created_at`;
    return rows[0] ?? null;
  }
}
