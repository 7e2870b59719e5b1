import "server-only";
import { publicEnv } from "@/lib/public-env";
import { log } from "../log";
import { createClient } from "../supabase/server";
import { callbackUrl } from "./redirects";

/**
 * Where a visitor goes to start Google sign-in: the auth service's authorize URL, which comes back
 * to /auth/callback and then `next`. When sign-in cannot start, back to /auth with error=google.
 */
export async function googleSignInUrl(next?: string): Promise<string> {
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: "google",
    options: { redirectTo: callbackUrl(next), skipBrowserRedirect: true },
  });
  if (error || !data.url) {
    log.error("Google sign-in could not start", { error });
    const back = new URL("/auth", publicEnv.siteUrl);
    back.searchParams.set("error", "google");
    return back.toString();
  }
  return data.url;
}
