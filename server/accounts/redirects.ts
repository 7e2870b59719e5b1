import "server-only";
import { publicEnv } from "@/lib/public-env";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";

/** Where an email link or OAuth round trip lands: our callback, then a safe path on this site. */
export function callbackUrl(next: string | undefined, fallback = "/dashboard"): string {
  const url = new URL("/auth/callback", publicEnv.siteUrl);
  url.searchParams.set("next", safeRedirectPath(next, fallback));
  return url.toString();
}
