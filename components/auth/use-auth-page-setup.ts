"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useGoogleSignInFailed } from "./google-sign-in";
import { rememberPendingTelegramId, rememberPendingTelegramProof } from "./pending-telegram-id";
import { useSignedInHint } from "./use-session-cookie";

type AuthPageSetup = {
  /** Where a signed-in visitor goes (a safe path). */
  next: string;
  /** A validated telegram_id from the address bar, or null. */
  telegramId: string | null;
  /** /auth/google could not start and sent the visitor back here with error=google. */
  googleFailed: boolean;
};

/**
 * What /auth does on arrival: keep a pending messaging-app id (SPEC §2), report a Google sign-in
 * that could not start, and send a visitor who is already signed in on their way.
 */
export function useAuthPageSetup({ next, telegramId, googleFailed }: AuthPageSetup): void {
  const router = useRouter();
  // Only a browser holding a session cookie can be signed in: nobody else waits for the auth client.
  const mayBeSignedIn = useSignedInHint();

  useEffect(() => {
    if (!telegramId) return;
    rememberPendingTelegramId(telegramId);
    // A missing or malformed proof also drops one kept from an earlier link; the page says so.
    rememberPendingTelegramProof(window.location.search);
  }, [telegramId]);

  useGoogleSignInFailed(googleFailed);

  useEffect(() => {
    if (!mayBeSignedIn) return;
    let active = true;
    // getClaims, like the proxy, checks the session with the auth service's keys, so the two agree
    // and a stale cookie cannot bounce the visitor between /auth and /dashboard. The auth client
    // loads after the form is up (the server already sent a signed-in visitor on).
    import("./supabase-browser")
      .then(({ createClient }) => createClient().auth.getClaims())
      .then(({ data }) => {
        if (active && data?.claims.sub) router.replace(next);
      })
      .catch((error: unknown) => console.error("Could not read the session", error));
    return () => {
      active = false;
    };
  }, [mayBeSignedIn, next, router]);
}
