import "server-only";
import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, readSessionCookie, sessionCookieName } from "@/lib/auth/session-cookie";

export type Credential = { token: string; source: "bearer" | "cookie" };

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;
// Only this project's cookie is read: another project's (a sibling site on the same domain can set
// one) never stands in for our session.
const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);

function bearerToken(request: Request): string | null {
  const authorization = request.headers.get("authorization");
  return (authorization && BEARER.exec(authorization.trim())?.[1]) || null;
}

/** Which credentials a request carries (for the CSRF guard: only a browser sends cookies by itself). */
export function credentialsPresent(request: Request): { bearer: boolean; sessionCookie: boolean } {
  return { bearer: bearerToken(request) !== null, sessionCookie: hasSessionCookie(request.headers.get("cookie"), SESSION_COOKIE) };
}

/** DESIGN §3: API calls authenticate with a Bearer token or the Supabase session cookie. */
export function readCredential(request: Request): Credential | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, source: "bearer" };
  const session = readSessionCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return session ? { token: session.accessToken, source: "cookie" } : null;
}
