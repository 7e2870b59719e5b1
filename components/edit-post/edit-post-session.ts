"use client";

import { readAccessToken } from "@/components/api/access-token";
import { storageKeys } from "@/lib/storage-keys";

type AuthClientModule = typeof import("@/components/auth/supabase-browser");
type AnonymousAuth = ReturnType<AuthClientModule["createSeparateSessionClient"]>["auth"];

// SPEC §6: the edit-post page uses the visitor's session when there is one, else signs in
// anonymously; a failure there is ignored (the calls then go without a token). The anonymous
// session is kept apart from the site's session cookie (in local storage), so it never makes the
// visitor look signed in anywhere else. The auth client loads on first use.

let anonymousClient: Promise<AnonymousAuth> | null = null;

function anonymous(): Promise<AnonymousAuth> {
  anonymousClient ??= import("@/components/auth/supabase-browser").then(
    ({ createSeparateSessionClient }) => createSeparateSessionClient(storageKeys.editPostSession).auth,
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
