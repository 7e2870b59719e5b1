"use client";

import { useId } from "react";
import { LoaderCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { forgetPendingVerification, rememberPendingVerification } from "../pending-verification";
import { createClient } from "../supabase-browser";
import type { VerificationLink } from "./verify-email-request";
import { useRestoredFromCache } from "@/components/hooks/use-restored-from-cache";
import { GoogleMark } from "@/components/auth/google-mark";

export const STORAGE_BLOCKED_MESSAGE = "This browser blocked the storage Google sign-in needs here. Please use your email and a password below.";

type VerifyGoogleOptionProps = {
  link: VerificationLink;
  busy: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
};

/**
 * SPEC §2: Google sign-in, recommended. The link's token and email wait in local storage while the
 * visitor is at Google; /auth/callback?verify=true completes them for the account that comes back.
 */
export function VerifyGoogleOption({ link, busy, disabled, onBusyChange }: VerifyGoogleOptionProps) {
  const hintId = useId();

  useRestoredFromCache(() => onBusyChange(false));

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
