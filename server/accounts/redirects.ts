import "server-only";
import { publicEnv } from "@/lib/public-env";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { siteUrl } from "@/lib/site";

/** Where an OAuth round trip lands: our callback, then a safe path on this site. */
export function callbackUrl(next: string | undefined, fallback = "/dashboard"): string {
  const url = new URL("/auth/callback", publicEnv.siteUrl);
  url.searchParams.set("next", safeRedirectPath(next, fallback));
  return url.toString();
}

/**
 * The redirect an emailed link carries (`{{ .RedirectTo }}`, which /auth/confirm reads as `next`): a
 * safe path on this site, as the absolute URL Supabase's redirect allow-list expects.
 */
export function emailLinkRedirect(next: string | undefined, fallback = "/dashboard"): string {
  return siteUrl(safeRedirectPath(next, fallback));
}

/** An emailed link's `next` (a URL on this site, or a path) as a safe path; anything else falls back. */
export function emailLinkDestination(next: string | undefined, fallback = "/dashboard"): string {
  if (!next) return fallback;
  let path = next;
  if (URL.canParse(next)) {
    const url = new URL(next);
    if (url.origin !== new URL(publicEnv.siteUrl).origin) return fallback;
    path = `${url.pathname}${url.search}${url.hash}`;
  }
  return safeRedirectPath(path, fallback);
}
