import { safeRedirectPath } from "@/lib/auth/safe-redirect";

/** A page's `searchParams` once awaited. */
export type SearchParams = Record<string, string | string[] | undefined>;

// Pages that make no sense after signing in: /auth sends a signed-in visitor on (a loop), and the
// callback, email-link confirmation and Google start consume one-time codes.
const NOT_AFTER_SIGN_IN = new Set(["/auth", "/auth/callback", "/auth-callback", "/auth/google", "/auth/confirm"]);

/** The first value of a query parameter, or undefined when it is absent. */
export function firstParam(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Where to go after signing in: `next` (or `redirect` / `redirect_to`), only ever a path on this site. */
export function nextPathParam(params: SearchParams, fallback = "/dashboard"): string {
  const value = firstParam(params, "next") ?? firstParam(params, "redirect") ?? firstParam(params, "redirect_to");
  const path = safeRedirectPath(value, fallback);
  const pathname = (path.split(/[?#]/)[0] ?? "").replace(/\/+$/, "").toLowerCase();
  return NOT_AFTER_SIGN_IN.has(pathname) ? fallback : path;
}
