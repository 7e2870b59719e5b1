"use client";

import { useId } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { GoogleSignInButton } from "../google-sign-in-button";
import { useGoogleSignInFailed } from "../google-sign-in";
import { forgetPendingVerification, rememberPendingVerification } from "../pending-verification";
import type { VerificationLink } from "./verify-email-api";

export const STORAGE_BLOCKED_MESSAGE =
  "This browser blocked the storage Google sign-in needs here. Please use your email and a password below.";

type VerifyGoogleOptionProps = {
  link: VerificationLink;
  busy: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
};

/**
 * SPEC §2: Google sign-in, recommended, started as on /auth through /auth/google. The link's token
 * and email wait in local storage while the visitor is at Google; /auth/callback?verify=true
 * completes them for the account that comes back. One that cannot start comes back to this page.
 */
export function VerifyGoogleOption({ link, busy, disabled, onBusyChange }: VerifyGoogleOptionProps) {
  const hintId = useId();
  const params = useSearchParams();
  const query = new URLSearchParams(params.toString());
  query.delete("error");
  const back = `${usePathname()}?${query}`;

  // Back with error=google: sign-in could not start, so nothing is pending any more.
  useGoogleSignInFailed(params.get("error") === "google", forgetPendingVerification);

  function remember(): boolean {
    if (rememberPendingVerification(link)) return true;
    toast.error(authMessages.signInFailed.title, { description: STORAGE_BLOCKED_MESSAGE });
    return false;
  }

  return (
    <div className="grid gap-2">
      <GoogleSignInButton
        next="/dashboard"
        verify
        back={back}
        className="h-11"
        aria-describedby={hintId}
        busy={busy}
        disabled={disabled}
        onBusyChange={onBusyChange}
        onStart={remember}
      />
      <p id={hintId} className="flex flex-wrap items-center justify-center gap-2 text-center text-xs text-muted-foreground">
        <Badge variant="secondary">Recommended</Badge>
        <span>
          Use the Google account for <strong className="font-medium text-foreground">{link.email}</strong>.
        </span>
      </p>
    </div>
  );
}
