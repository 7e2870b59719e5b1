"use client";

import { useEffect } from "react";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";

export type GoogleSignInStart = {
  /** Where to land after the round trip (a safe path). */
  next: string;
  /** Complete the verify-email page's pending verification on the way back (/auth/callback?verify=true). */
  verify?: boolean;
  /** Where to come back with error=google when sign-in cannot start (a path on this site; default /auth). */
  back?: string;
};

/**
 * The one way Google sign-in starts: GET /auth/google, which asks the auth service for the consent
 * address on the server and comes back through /auth/callback.
 */
export function googleSignInHref({ next, verify = false, back }: GoogleSignInStart): string {
  const query = new URLSearchParams({ next });
  if (verify) query.set("verify", "true");
  if (back) query.set("back", back);
  return `/auth/google?${query}`;
}

/**
 * On a page /auth/google sent back with error=google: says 'Sign in failed' once, runs `onFailed`,
 * and takes error=google out of the address so a reload does not say it again.
 */
export function useGoogleSignInFailed(failed: boolean, onFailed?: () => void): void {
  useEffect(() => {
    if (!failed) return;
    onFailed?.();
    // A fixed id: React's development double effect or a reload must not stack the same toast.
    toast.error(authMessages.signInFailed.title, { id: "google-sign-in-failed", description: authMessages.signInFailed.google });
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, [failed, onFailed]);
}
