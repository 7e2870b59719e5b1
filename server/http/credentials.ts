import "server-only";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";

export type Credential = { token: string; source: "bearer" | "cookie" };

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;
// @supabase/ssr stores the session as sb-<ref>-auth-token, split into .0, .1 ... when long. Only
// this project's name is read: another project's cookie (a sibling site on the same domain can set
// one) never stands in for our session.
const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);

/** The chunk index of one of our session cookies (-1 for the whole cookie), else null. */
function sessionCookieChunk(name: string): number | null {
  if (name === SESSION_COOKIE) return -1;
  const chunk = /^\.(\d+)$/.exec(name.slice(SESSION_COOKIE.length));
  return name.startsWith(SESSION_COOKIE) && chunk ? Number(chunk[1]) : null;
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

function sessionCookieValue(cookies: Map<string, string>): string | null {
  const chunks: { index: number; value: string }[] = [];
  for (const [name, value] of cookies) {
    const index = sessionCookieChunk(name);
    if (index !== null) chunks.push({ index, value });
  }
  if (chunks.length === 0) return null;
  const whole = chunks.find((c) => c.index === -1);
  if (whole) return whole.value;
  return chunks
    .sort((a, b) => a.index - b.index)
    .map((c) => c.value)
    .join("");
}

function accessTokenFromSession(value: string): string | null {
  const json = value.startsWith("base64-") ? Buffer.from(value.slice(7), "base64url").toString("utf8") : value;
  try {
    const session: unknown = JSON.parse(json);
    if (session && typeof session === "object" && "access_token" in session) {
      const token = (session as { access_token: unknown }).access_token;
      return typeof token === "string" && token.length > 0 ? token : null;
    }
  } catch {
    // A cookie we cannot read is the same as no cookie.
  }
  return null;
}

function bearerToken(request: Request): string | null {
  const authorization = request.headers.get("authorization");
  return (authorization && BEARER.exec(authorization.trim())?.[1]) || null;
}

/** Which credentials a request carries (for the CSRF guard: only a browser sends cookies by itself). */
export function credentialsPresent(request: Request): { bearer: boolean; sessionCookie: boolean } {
  return { bearer: bearerToken(request) !== null, sessionCookie: sessionCookieValue(parseCookies(request.headers.get("cookie"))) !== null };
}

/** DESIGN §3: API calls authenticate with a Bearer token or the Supabase session cookie. */
export function readCredential(request: Request): Credential | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, source: "bearer" };
  const cookie = sessionCookieValue(parseCookies(request.headers.get("cookie")));
  const token = cookie ? accessTokenFromSession(cookie) : null;
  return token ? { token, source: "cookie" } : null;
}
