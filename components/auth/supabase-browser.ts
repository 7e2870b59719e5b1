"use client";

import { createBrowserClient } from "@supabase/ssr";
import { createClient as createSupabaseClient } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieOptions } from "@/lib/auth/session-cookie";
import type { StorageKey } from "@/lib/storage-keys";

/** The browser's Supabase client; @supabase/ssr keeps one per page and stores the session in cookies. */
export function createClient() {
  return createBrowserClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    cookieOptions: sessionCookieOptions(publicEnv.siteUrl),
  });
}

/**
 * A client whose session lives apart from the site's, in local storage under `storageKey` (the
 * edit-post page's anonymous sign-in): it never makes the visitor look signed in anywhere else
 * (navigation, /dashboard), and no request carries it as a cookie. The same supabase-js as above
 * (@supabase/ssr is built on it), so it adds no code to the page.
 */
export function createSeparateSessionClient(storageKey: StorageKey) {
  return createSupabaseClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    auth: { storageKey, persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
  });
}
