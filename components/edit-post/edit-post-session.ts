"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { readAccessToken } from "@/components/api/access-token";
import { publicEnv } from "@/lib/public-env";
import { storageKeys } from "@/lib/storage-keys";

// SPEC §6: the edit-post page uses the visitor's session when there is one, else signs in
// anonymously; a failure there is ignored (the calls then go without a token). The anonymous
// session lives in its own storage key, not the site's session cookie, so it never makes the
// visitor look signed in anywhere else (navigation, /dashboard).

let anonymousClient: Promise<SupabaseClient> | null = null;

function anonymous(): Promise<SupabaseClient> {
  anonymousClient ??= import("@supabase/supabase-js").then(({ createClient }) =>
    createClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
      auth: { storageKey: storageKeys.editPostSession, persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  );
  return anonymousClient;
}

async function resolveAccessToken(): Promise<string | null> {
  const memberToken = await readAccessToken("optional");
  if (memberToken) return memberToken;
  try {
    const client = await anonymous();
    const { data } = await client.auth.getSession();
    if (data.session) return data.session.access_token;
    const signedIn = await client.auth.signInAnonymously();
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
