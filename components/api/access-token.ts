"use client";

import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, readSessionCookie, sessionCookieName } from "@/lib/auth/session-cookie";

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

/** A token this close to expiry (ms) is refreshed by the auth client before it goes out. */
const FRESH_FOR_MS = 60_000;

/**
 * The signed-in visitor's access token for a call's Bearer header (SPEC §6), or null. While the
 * session cookie's token has more than a minute left it is sent as is, the same token the auth
 * client would read from that cookie; the client loads only to refresh one that is about to expire
 * or is unreadable. For an optional token it loads only when the browser holds a session cookie, so
 * anonymous visitors (a buyer at checkout) never fetch it.
 */
export async function readAccessToken(need: TokenNeed): Promise<string | null> {
  const cookieName = sessionCookieName(publicEnv.supabaseUrl);
  const cookieSession = readSessionCookie(document.cookie, cookieName);
  if (cookieSession?.expiresAt && cookieSession.expiresAt * 1000 - Date.now() > FRESH_FOR_MS) return cookieSession.accessToken;
  if (need === "optional" && !hasSessionCookie(document.cookie, cookieName)) return null;
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
