"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { storageKeys } from "@/lib/storage-keys";
import { authRequest } from "./auth-api";

// SPEC §4: when the server no longer knows the session, it is still removed locally.
const SESSION_ALREADY_GONE = new Set([401, 403, 404]);

function forgetAuthToken(): void {
  try {
    localStorage.removeItem(storageKeys.authToken);
  } catch {
    // Storage can be unavailable (privacy settings); then there is nothing stored to remove.
  }
}

async function endServerSession(): Promise<void> {
  const result = await authRequest("/api/auth/sign-out");
  if (!result.ok && !SESSION_ALREADY_GONE.has(result.status)) console.error("Sign-out failed on the server", result.status);
}

/**
 * SPEC §4 sign-out: clear the local authToken item, end the session (server cookies, then this
 * browser's copy, whatever the server said) and go to /auth. Failures are only logged.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    forgetAuthToken();
    await endServerSession();
    try {
      // The auth client loads on demand: the pages with a Sign Out button paint without it.
      const { createClient } = await import("./supabase-browser");
      const { error } = await createClient().auth.signOut({ scope: "local" });
      if (error) console.error("Sign-out failed in this browser", error);
    } catch (error) {
      console.error("Sign-out failed in this browser", error);
    }
    router.replace("/auth");
    router.refresh();
  }, [router]);

  return { signOut, signingOut };
}
