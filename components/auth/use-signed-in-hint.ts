"use client";

import { useSyncExternalStore } from "react";
import { publicEnv } from "@/lib/public-env";
import { hasSessionCookie, sessionCookieName } from "@/lib/auth/session-cookie";

const COOKIE = sessionCookieName(publicEnv.supabaseUrl);
const subscribe = () => () => {};

/**
 * Whether this browser holds a session cookie, for choosing "Dashboard" over "Log In" in
 * navigation without loading the auth client on marketing pages. Static pages render signed out
 * on the server and update after hydration.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasSessionCookie(document.cookie, COOKIE),
    () => false,
  );
}
