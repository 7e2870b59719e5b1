import "server-only";
import { publicEnv } from "@/lib/public-env";
import { log } from "../log";
import { createClient } from "../supabase/server";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { callbackUrl } from "./redirects";

export type GoogleSignInStart = { next?: string; verify?: boolean; back?: string };

/**
 * Where a visitor goes to start Google sign-in: the auth service's authorize URL, which comes back
 * to /auth/callback (with verify=true, to complete the verify-email page's pending verification)
 * and then `next`. When sign-in cannot start, back to `back` (default /auth) with error=google.
 */
export async function googleSignInUrl({ next, verify = false, back }: GoogleSignInStart = {}): Promise<string> {
  const redirectTo = new URL(callbackUrl(next));
  if (verify) redirectTo.searchParams.set("verify", "true");
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: "google",
    options: { redirectTo: redirectTo.toString(), skipBrowserRedirect: true },
  });
  if (error || !data.url) {
    log.error("Google sign-in could not start", { error });
    const failed = new URL(safeRedirectPath(back, "/auth"), publicEnv.siteUrl);
    failed.searchParams.set("error", "google");
    return failed.toString();
  }
  return data.url;
}
