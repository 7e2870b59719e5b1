// The session cookie @supabase/ssr writes: sb-<first label of the project host>-auth-token, split into
// .0, .1 ... when long, holding the session as JSON (prefixed "base64-" and base64url-encoded by
// default). The server reads it as a credential; the browser reads it to skip loading the auth
// client while its access token is fresh. Every protected page and API call verifies the token itself.

export function sessionCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

/** The chunk index of one of the session cookies named `name` (-1 for the whole cookie), else null. */
function sessionCookieChunk(cookieName: string, name: string): number | null {
  if (cookieName === name) return -1;
  const chunk = /^\.(\d+)$/.exec(cookieName.slice(name.length));
  return cookieName.startsWith(name) && chunk ? Number(chunk[1]) : null;
}

/** The header's cookies by name; a name sent twice keeps its first value (the most specific path's). */
function cookiePairs(cookieHeader: string | null): { name: string; value: string }[] {
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    const raw = part.slice(index + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Kept as sent: a value that is not percent-encoded.
    }
    cookies.set(name, value);
  }
  return Array.from(cookies, ([name, value]) => ({ name, value }));
}

/** Whether a cookie header (or document.cookie) holds a non-empty session cookie named `name`. */
export function hasSessionCookie(cookieHeader: string | null, name: string): boolean {
  return cookiePairs(cookieHeader).some((pair) => pair.value !== "" && sessionCookieChunk(pair.name, name) !== null);
}

/** The session cookie's value, its chunks joined in order, or null when there is none. */
function sessionCookieValue(cookieHeader: string | null, name: string): string | null {
  const chunks: { index: number; value: string }[] = [];
  for (const pair of cookiePairs(cookieHeader)) {
    const index = sessionCookieChunk(pair.name, name);
    if (index !== null) chunks.push({ index, value: pair.value });
  }
  const whole = chunks.find((chunk) => chunk.index === -1);
  if (whole) return whole.value;
  if (chunks.length === 0) return null;
  return chunks
    .sort((a, b) => a.index - b.index)
    .map((chunk) => chunk.value)
    .join("");
}

function decodeBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
}

export type CookieSession = {
  accessToken: string;
  /** When the access token expires (epoch seconds), or null when the cookie does not say. */
  expiresAt: number | null;
};

/** The access token held in the session cookie named `name`, or null when there is none readable. */
export function readSessionCookie(cookieHeader: string | null, name: string): CookieSession | null {
  const value = sessionCookieValue(cookieHeader, name);
  if (!value) return null;
  try {
    const session: unknown = JSON.parse(value.startsWith("base64-") ? decodeBase64Url(value.slice(7)) : value);
    if (!session || typeof session !== "object") return null;
    const { access_token: accessToken, expires_at: expiresAt } = session as { access_token?: unknown; expires_at?: unknown };
    if (typeof accessToken !== "string" || accessToken.length === 0) return null;
    return { accessToken, expiresAt: typeof expiresAt === "number" && Number.isFinite(expiresAt) ? expiresAt : null };
  } catch {
    // A cookie we cannot read is the same as no cookie.
    return null;
  }
}

/** The session cookie's attributes: Secure whenever the site is served over https (production must be). */
export function sessionCookieOptions(siteUrl: string): { path: string; sameSite: "lax"; secure: boolean } {
  return { path: "/", sameSite: "lax", secure: new URL(siteUrl).protocol === "https:" };
}
