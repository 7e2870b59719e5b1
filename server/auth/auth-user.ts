/** The signed-in member as their verified access token describes them. */
export type AuthUser = { id: string; email: string | null; role: string };

/** The member that verified claims name: the subject, its email address and its role. */
export function authUserFromClaims(claims: { sub: string; email?: unknown; role?: unknown }): AuthUser {
  return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : null, role: String(claims.role ?? "authenticated") };
}
