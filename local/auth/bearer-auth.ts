import type { RequestContext } from "./auth-context";
import { AuthError, forbidden } from "./auth-error";
import type { JwtClaims } from "./signing-key";
import type { UserRow } from "./user-json";

export type Authenticated = { user: UserRow; sessionId: string | null; claims: JwtClaims };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user (and session) behind `Authorization: Bearer <access token>`, checked as Supabase checks it. */
export async function requireUser(rc: RequestContext): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(rc.req.headers.authorization ?? "");
  if (!match?.[1]) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const { auth } = rc;
  const result = auth.key.verify(match[1], Math.floor(auth.now() / 1000));
  if ("reason" in result) throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${result.reason}`);
  const { claims } = result;
  if (typeof claims.sub !== "string" || claims.sub === "") throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!UUID.test(claims.sub)) throw new AuthError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await auth.users.byId(claims.sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  let sessionId: string | null = null;
  if (typeof claims.session_id === "string" && claims.session_id !== "") {
    if (!UUID.test(claims.session_id)) throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
    if (!(await auth.sessions.byId(claims.session_id))) {
      throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
    }
    sessionId = claims.session_id;
  }
  return { user, sessionId, claims };
}
