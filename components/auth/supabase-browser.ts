"use client";

import { createBrowserClient } from "@supabase/ssr";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieOptions } from "@/lib/auth/session-cookie";

/** The browser's Supabase client; @supabase/ssr keeps one per page and stores the session in cookies. */
export function createClient() {
  return createBrowserClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    cookieOptions: sessionCookieOptions(publicEnv.siteUrl),
  });
}
