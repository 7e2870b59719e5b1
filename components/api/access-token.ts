"use client";

import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, sessionCookieName } from "@/lib/auth/session-cookie";

/** `required`: the call is not made without a token; `optional`: the token goes along when there is one. */
export type TokenNeed = "required" | "optional";

type AuthClientModule = typeof import("@/components/auth/supabase-browser");

let authClientModule: Promise<AuthClientModule> | null = null;

/** The auth client's code, loaded once on first use (calls made at the same time share the load). */
function loadAuthClient(): Promise<AuthClientModule> {
  authClientModule ??= import("@/components/auth/supabase-browser").catch((error: unknown) => {
    authClientModule = null;
    throw error;
  });
  return authClientModule;
}

/**
 * The signed-in visitor's access token for a call's Bearer header (SPEC §6), or null. For an
 * optional token the auth client loads only when the browser holds a session cookie, so anonymous
 * visitors (a buyer at checkout) never fetch it.
 */
export async function readAccessToken(need: TokenNeed): Promise<string | null> {
  if (need === "optional" && !hasSessionCookie(document.cookie, sessionCookieName(publicEnv.supabaseUrl))) return null;
  try {
    const { createClient } = await loadAuthClient();
    const { data } = await createClient().auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    // No readable session is no token: a required call then fails as unauthenticated, and an
    // optional one still carries the session cookie for the server to decide.
    return null;
  }
}
