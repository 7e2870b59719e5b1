/**
 * The signed-in member as their verified access token describes them. `sessionId` is the Auth
 * session the token was issued for (its `session_id` claim), when it names one.
 */
export type AuthUser = { id: string; email: string | null; role: string; sessionId?: string };

/** The member that verified claims name: the subject, its email address, its role and its session. */
export function authUserFromClaims(claims: { sub: string; email?: unknown; role?: unknown; session_id?: unknown }): AuthUser {
  const user: AuthUser = {
    id: claims.sub,
    email: typeof claims.email === "string" ? claims.email : null,
    role: String(claims.role ?? "authenticated"),
  };
  if (typeof claims.session_id === "string" && claims.session_id !== "") user.sessionId = claims.session_id;
  return user;
}
