import "server-only";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export type RequestCredentials = { bearer: boolean; sessionCookie: boolean };

/**
 * The CSRF guard for every unsafe method, whatever the route's auth. A forged page can make a
 * visitor's browser send a form or a simple fetch, never an Authorization header, so a request
 * carrying a Bearer token is not forgeable and passes. Otherwise the Origin header, which browsers
 * send on every POST/PUT/PATCH/DELETE, must be one of ours; without it, Sec-Fetch-Site (sent by
 * every current browser) must say same-origin. A request with neither comes from no browser (an
 * API client, Stripe's webhook, curl), so nothing a forged page could send: it passes, unless it
 * carries our session cookie, which only a browser holds.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: readonly string[], credentials: RequestCredentials): boolean {
  if (credentials.bearer) return true;
  const origin = request.headers.get("origin");
  if (origin) return new Set([new URL(request.url).origin, ...allowedOrigins]).has(origin);
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  return !credentials.sessionCookie;
}
