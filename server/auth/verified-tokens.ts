import type { JwtPayload, SupabaseClient } from "@supabase/supabase-js";

// Used by proxy.ts (through server/supabase/update-session.ts), so it imports nothing server-only.

type Auth = Pick<SupabaseClient["auth"], "getSession" | "getClaims">;
type Entry = { claims: JwtPayload; until: number };

// A verified token stays valid until it expires: the signature of those exact bytes was checked
// against the Auth service's keys, which supabase-js itself trusts for 10 minutes once fetched.
// Remembering the result for at most a minute (never past the token's expiry) spares the proxy, the
// page and the API from checking the same signature again on every request of a signed-in member.
const REMEMBER_MS = 60_000;
const MAX_ENTRIES = 2000;

// One cache per process, shared by the proxy's, the pages' and the route handlers' bundles.
const globalForTokens = globalThis as typeof globalThis & { __verifiedTokens?: Map<string, Entry> };
const verified = (globalForTokens.__verifiedTokens ??= new Map());

function remembered(token: string, now: number): JwtPayload | null {
  const entry = verified.get(token);
  if (!entry) return null;
  if (entry.until > now) return entry.claims;
  verified.delete(token);
  return null;
}

function remember(token: string, claims: JwtPayload, now: number): void {
  const expiresAt = typeof claims.exp === "number" ? claims.exp * 1000 : now;
  const until = Math.min(expiresAt, now + REMEMBER_MS);
  if (until <= now) return;
  // Oldest first: a Map iterates in insertion order.
  while (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, until });
}

/**
 * The claims of an access token, verified with getClaims() (signature against the JWKS, expiry);
 * null when it does not verify. A token verified in the last minute and still unexpired is not
 * checked again. Failures are never remembered.
 */
export async function verifiedTokenClaims(auth: Pick<Auth, "getClaims">, token: string): Promise<JwtPayload | null> {
  const now = Date.now();
  const known = remembered(token, now);
  if (known) return known;
  const { data, error } = await auth.getClaims(token);
  if (error || !data?.claims) return null;
  remember(token, data.claims, now);
  return data.claims;
}

/**
 * The claims of the session in this client's cookies, as getClaims() would give them: the session
 * is read (and refreshed when its access token is due, rotating the cookies), then its access token
 * is verified. Null when nobody is signed in or the token does not verify.
 */
export async function sessionClaims(auth: Auth): Promise<JwtPayload | null> {
  const { data, error } = await auth.getSession();
  const token = data.session?.access_token;
  if (error || !token) return null;
  return verifiedTokenClaims(auth, token);
}

/** Forgets every remembered token (tests). */
export function forgetVerifiedTokens(): void {
  verified.clear();
}
