import { createHash, randomBytes } from "node:crypto";
import type { AuthContext, RequestContext } from "./auth-context";
import { badRequest } from "./auth-error";
import { userJson, type UserRow } from "./user-json";

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export type SessionResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
};

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The access token and session response for a user's session, with Supabase's claims. */
async function sessionResponse(auth: AuthContext, userId: string, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const user = (await auth.users.byId(userId)) as UserRow;
  const identities = await auth.users.identities(userId);
  const iat = Math.floor(auth.now() / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const accessToken = auth.key.sign({
    aud: "authenticated",
    exp,
    iat,
    iss: auth.config.issuer,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || "authenticated",
    aal: "aal1",
    amr: await auth.sessions.amr(sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  };
}

/** Starts a session (a sign-in): a new session row, its first refresh token, and an access token. */
export async function issueSession(rc: RequestContext, user: UserRow, method: string): Promise<SessionResponse> {
  const { auth } = rc;
  const userAgent = rc.req.headers["user-agent"] ?? null;
  const sessionId = await auth.sessions.create(user.id, method, userAgent, rc.ip);
  const refreshToken = randomBytes(32).toString("base64url");
  await auth.sessions.addRefreshToken(sessionId, user.id, sha256(refreshToken), null);
  await auth.users.touchSignIn(user.id);
  return sessionResponse(auth, user.id, sessionId, refreshToken);
}

/**
 * The refresh_token grant with rotation. Each token works once; its successor is derived from it with a
 * server key, so a client that lost the answer can present the old token again within the reuse interval
 * and get the same successor. Any later reuse ends the whole session.
 */
export async function refreshSession(auth: AuthContext, refreshToken: string | undefined): Promise<SessionResponse> {
  if (!refreshToken || refreshToken.length < 12) throw badRequest("validation_failed", "Refresh token is not valid");
  const hash = sha256(refreshToken);
  const row = await auth.sessions.refreshToken(hash);
  if (!row) throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  const session = await auth.sessions.byId(row.session_id);
  if (!session) throw badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found");

  const successor = auth.key.mac("refresh-token", refreshToken);
  if (!row.revoked && (await auth.sessions.revokeIfActive(hash))) {
    await auth.sessions.addRefreshToken(session.id, session.user_id, sha256(successor), hash);
    await auth.sessions.touch(session.id);
    return sessionResponse(auth, session.user_id, session.id, successor);
  }
  const current = await auth.sessions.refreshToken(sha256(successor));
  // `updated_at` of a revoked token is when it was rotated.
  const reuseUntil = row.updated_at.getTime() + REFRESH_REUSE_INTERVAL_SECONDS * 1000;
  if (current && !current.revoked && auth.now() <= reuseUntil) {
    return sessionResponse(auth, session.user_id, session.id, successor);
  }
  await auth.sessions.delete(session.id);
  throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
}
