"use client";

import { useEffect, useId } from "react";
import { LoaderCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth-messages";
import { forgetPendingVerification, rememberPendingVerification } from "../pending-verification";
import { createClient } from "../supabase-browser";
import type { VerificationLink } from "./verify-email-request";

export const STORAGE_BLOCKED_MESSAGE = "This browser blocked the storage Google sign-in needs here. Please use your email and a password below.";

type VerifyGoogleOptionProps = {
  link: VerificationLink;
  busy: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
};

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 11Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.5l4 3.1C6.3 6.8 8.9 4.8 12 4.8Z" />
    </svg>
  );
}

/**
 * SPEC §2: Google sign-in, recommended. The link's token and email wait in local storage while the
 * visitor is at Google; /auth/callback?verify=true completes them for the account that comes back.
 */
export function VerifyGoogleOption({ link, busy, disabled, onBusyChange }: VerifyGoogleOptionProps) {
  const hintId = useId();

  // Coming back with the browser's Back button restores this page from the cache, still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onBusyChange(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [onBusyChange]);

  async function start() {
    if (disabled) return;
    if (!rememberPendingVerification(link)) {
      toast.error(authMessages.signInFailed.title, { description: STORAGE_BLOCKED_MESSAGE });
      return;
    }
    onBusyChange(true);
    const redirectTo = new URL("/auth/callback", window.location.origin);
    redirectTo.searchParams.set("verify", "true");
    redirectTo.searchParams.set("next", "/dashboard");
    let failed: unknown = null;
    try {
      const { error } = await createClient().auth.signInWithOAuth({ provider: "google", options: { redirectTo: redirectTo.toString() } });
      failed = error;
    } catch (error) {
      failed = error;
    }
    // Without an error the browser is already on its way to Google, so the button stays busy.
    if (!failed) return;
    console.error("Google sign-in could not start", failed);
    forgetPendingVerification();
    onBusyChange(false);
    toast.error(authMessages.signInFailed.title, { description: authMessages.signInFailed.google });
  }

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="h-11 w-full"
        aria-describedby={hintId}
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        onClick={start}
      >
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <GoogleMark />}
        Continue with Google
      </Button>
      <p id={hintId} className="flex flex-wrap items-center justify-center gap-2 text-center text-xs text-muted-foreground">
        <Badge variant="secondary">Recommended</Badge>
        <span>
          Use the Google account for <strong className="font-medium text-foreground">{link.email}</strong>.
        </span>
      </p>
    </div>
  );
}
