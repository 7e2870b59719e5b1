// GET /auth/google?next=/path - start Google sign-in; comes back to /auth/callback with a code.
import { NextResponse } from "next/server";
import { publicEnv } from "@/lib/public-env";
import { callbackUrl } from "@/server/accounts/redirects";
import { log } from "@/server/log";
import { createClient } from "@/server/supabase/server";

export async function GET(request: Request): Promise<Response> {
  const next = new URL(request.url).searchParams.get("next") ?? undefined;
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: "google",
    options: { redirectTo: callbackUrl(next), skipBrowserRedirect: true },
  });
  if (error || !data.url) {
    log.error("Google sign-in could not start", { error });
    const back = new URL("/auth", publicEnv.siteUrl);
    back.searchParams.set("error", "google");
    return NextResponse.redirect(back, 303);
  }
  return NextResponse.redirect(data.url, 303);
}
