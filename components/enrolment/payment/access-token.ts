"use client";

import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, sessionCookieName } from "@/lib/session-cookie";

/**
 * The signed-in visitor's access token for the checkout call's Bearer header, or null. The auth
 * client loads only when the browser holds a session cookie, so anonymous buyers never fetch it.
 */
export async function currentAccessToken(): Promise<string | null> {
  if (!hasSessionCookie(document.cookie, sessionCookieName(publicEnv.supabaseUrl))) return null;
  try {
    const { createClient } = await import("@/components/auth/supabase-browser");
    const { data } = await createClient().auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    // The session cookie still goes with the request; the server decides.
    return null;
  }
}
