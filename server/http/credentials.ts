import "server-only";

export type Credential = { token: string; source: "bearer" | "cookie" };

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;
// @supabase/ssr stores the session as sb-<ref>-auth-token, split into .0, .1 ... when long.
const SESSION_COOKIE = /^sb-[a-z0-9-]+-auth-token(?:\.(\d+))?$/i;

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
    const match = SESSION_COOKIE.exec(name);
    if (match) chunks.push({ index: match[1] === undefined ? -1 : Number(match[1]), value });
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

/** DESIGN §3: API calls authenticate with a Bearer token or the Supabase session cookie. */
export function readCredential(request: Request): Credential | null {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = BEARER.exec(authorization.trim());
    if (match?.[1]) return { token: match[1], source: "bearer" };
  }
  const cookie = sessionCookieValue(parseCookies(request.headers.get("cookie")));
  const token = cookie ? accessTokenFromSession(cookie) : null;
  return token ? { token, source: "cookie" } : null;
}
