import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";

export type RefreshTokenRow = {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string;
};

export type SessionRow = { id: string; user_id: string; aal: string | null; created_at: Date };

/** auth.sessions and auth.refresh_tokens (tokens kept as SHA-256 digests). */
export class SessionStore {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date,
  ) {}

  async create(userId: string, method: string, userAgent: string | null, ip: string): Promise<string> {
    const id = randomUUID();
    const now = this.now();
    await this.sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
      values (${id}, ${userId}, ${now}, ${now}, 'aal1', ${userAgent}, ${ip})`;
    await this.sql`insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
      values (${id}, ${now}, ${now}, ${method})`;
    return id;
  }

  /** The `amr` claim: how the session was authenticated. */
  async amr(sessionId: string): Promise<{ method: string; timestamp: number }[]> {
    const rows = await this.sql<{ authentication_method: string; created_at: Date }[]>`select authentication_method, created_at
      from auth.mfa_amr_claims where session_id = ${sessionId} order by created_at desc`;
    return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.created_at.getTime() / 1000) }));
  }

  async byId(id: string): Promise<SessionRow | null> {
    const rows = await this.sql<SessionRow[]>`select id, user_id, aal, created_at from auth.sessions where id = ${id}`;
    return rows[0] ?? null;
  }

  async addRefreshToken(sessionId: string, userId: string, tokenHash: string, parentHash: string | null): Promise<void> {
    const now = this.now();
    await this.sql`insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
      values (${tokenHash}, ${userId}, false, ${now}, ${now}, ${parentHash}, ${sessionId})`;
  }

  async refreshToken(tokenHash: string): Promise<RefreshTokenRow | null> {
    const rows = await this.sql<RefreshTokenRow[]>`select id::text as id, token, user_id, revoked, updated_at, parent, session_id
      from auth.refresh_tokens where token = ${tokenHash}`;
    return rows[0] ?? null;
  }

  /** Revokes the token if it is still active; true when this call did it (so only one caller rotates it). */
  async revokeIfActive(tokenHash: string): Promise<boolean> {
    const rows = await this.sql`update auth.refresh_tokens set revoked = true, updated_at = ${this.now()}
      where token = ${tokenHash} and revoked = false returning id`;
    return rows.length > 0;
  }

  async touch(sessionId: string): Promise<void> {
    const now = this.now();
    await this.sql`update auth.sessions set refreshed_at = ${now}, updated_at = ${now} where id = ${sessionId}`;
  }

  async delete(sessionId: string): Promise<void> {
    await this.sql`delete from auth.sessions where id = ${sessionId}`;
  }

  async deleteForUser(userId: string, exceptSessionId?: string): Promise<void> {
    if (exceptSessionId) {
      await this.sql`delete from auth.sessions where user_id = ${userId} and id <> ${exceptSessionId}`;
    } else {
      await this.sql`delete from auth.sessions where user_id = ${userId}`;
    }
  }
}
