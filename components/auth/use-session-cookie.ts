"use client";

import { useSyncExternalStore } from "react";
import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, sessionCookieName } from "@/lib/auth/session-cookie";

const COOKIE = sessionCookieName(publicEnv.supabaseUrl);
const holdsSessionCookie = () => hasSessionCookie(document.cookie, COOKIE);

/**
 * Cookies announce no change, and a session ends elsewhere (another tab signs out) only while this
 * page is out of sight: the cookie is read again whenever the page comes back into view.
 */
function subscribe(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  window.addEventListener("focus", onChange);
  window.addEventListener("pageshow", onChange);
  return () => {
    document.removeEventListener("visibilitychange", onChange);
    window.removeEventListener("focus", onChange);
    window.removeEventListener("pageshow", onChange);
  };
}

/**
 * Whether this browser holds a session cookie, for choosing "Dashboard" over "Log In" in
 * navigation without loading the auth client on marketing pages. Static pages render signed out
 * on the server and update after hydration.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(subscribe, holdsSessionCookie, () => false);
}

/**
 * For a page the server rendered for a verified session (the dashboard): true until this browser's
 * session cookie is gone (a sign-out in another tab clears it), without loading the auth client.
 */
export function useSessionCookieHeld(): boolean {
  return useSyncExternalStore(subscribe, holdsSessionCookie, () => true);
}
