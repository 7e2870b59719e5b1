"use client";

import type { GoTrueClient } from "@supabase/auth-js";
import { readAccessToken } from "@/components/api/access-token";
import { publicEnv } from "@/lib/public-env";
import { storageKeys } from "@/lib/storage-keys";

// SPEC §6: the edit-post page uses the visitor's session when there is one, else signs in
// anonymously; a failure there is ignored (the calls then go without a token). The anonymous
// session lives in its own storage key, not the site's session cookie, so it never makes the
// visitor look signed in anywhere else (navigation, /dashboard). Only supabase-js's auth client is
// loaded for it (auth-js, the `auth` of a supabase-js client: 25 KB of gzip instead of 59), with the
// headers supabase-js would give it.

let anonymousClient: Promise<GoTrueClient> | null = null;

function anonymous(): Promise<GoTrueClient> {
  anonymousClient ??= import("@supabase/auth-js").then(
    ({ AuthClient }) =>
      new AuthClient({
        url: `${publicEnv.supabaseUrl}/auth/v1`,
        headers: { apikey: publicEnv.supabaseAnonKey, Authorization: `Bearer ${publicEnv.supabaseAnonKey}` },
        storageKey: storageKeys.editPostSession,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
      }),
  );
  return anonymousClient;
}

async function resolveAccessToken(): Promise<string | null> {
  const memberToken = await readAccessToken("optional");
  if (memberToken) return memberToken;
  try {
    const client = await anonymous();
    const { data } = await client.getSession();
    if (data.session) return data.session.access_token;
    const signedIn = await client.signInAnonymously();
    return signedIn.data.session?.access_token ?? null;
  } catch {
    return null;
  }
}

let inFlight: Promise<string | null> | null = null;

/** The access token to send with a social-post call, or null; concurrent callers share one sign-in. */
export function editPostAccessToken(): Promise<string | null> {
  inFlight ??= resolveAccessToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
