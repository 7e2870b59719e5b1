"use client";

import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { emailProblem } from "@/lib/email/email-address";
import { authRequest } from "./auth-api";

export type EmailLinkAction = "reset" | "link";

type EmailLinkActionsProps = {
  email: string;
  next: string;
  /** The action under way, if it is one of these. */
  busy: EmailLinkAction | null;
  disabled: boolean;
  onBusyChange: (action: EmailLinkAction | null) => void;
  /** An inline message for the email field (null clears it). */
  onEmailError: (message: string | null) => void;
  /** The one-time sign-in link is on its way to this address. */
  onLinkSent: (email: string) => void;
};

/** 'Forgot password?' and 'Email me a sign-in link': both use the address typed above. */
export function EmailLinkActions({ email, next, busy, disabled, onBusyChange, onEmailError, onLinkSent }: EmailLinkActionsProps) {
  async function sendPasswordReset() {
    if (disabled) return;
    // SPEC §5: with an empty email field the reset asks for it instead of sending.
    if (email.trim() === "") {
      toast.error(authMessages.emailRequired.title, { description: authMessages.emailRequired.description });
      onEmailError(authMessages.emailRequired.description);
      return;
    }
    const problem = emailProblem(email);
    onEmailError(problem);
    if (problem) return;
    onBusyChange("reset");
    const result = await authRequest("/api/auth/forgot-password", { email: email.trim() });
    onBusyChange(null);
    if (result.ok) {
      toast.success(authMessages.resetSent.title, { description: authMessages.resetSent.description });
      return;
    }
    const description = result.status === 429 && result.message ? result.message : authMessages.resetFailed.description;
    toast.error(authMessages.resetFailed.title, { description });
  }

  async function sendSignInLink() {
    if (disabled) return;
    const problem = emailProblem(email);
    onEmailError(problem);
    if (problem) return;
    onBusyChange("link");
    const result = await authRequest("/api/auth/sign-in-link", { email: email.trim(), next });
    onBusyChange(null);
    if (result.ok) {
      onLinkSent(email.trim());
      return;
    }
    toast.error(authMessages.authError.title, { description: result.message ?? authMessages.authError.description });
  }

  return (
    <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:justify-between">
      <Button
        type="button"
        variant="link"
        className="h-auto px-0 py-1"
        aria-disabled={disabled || undefined}
        aria-busy={busy === "reset" || undefined}
        onClick={sendPasswordReset}
      >
        {busy === "reset" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        Forgot password?
      </Button>
      <Button
        type="button"
        variant="link"
        className="h-auto px-0 py-1"
        aria-disabled={disabled || undefined}
        aria-busy={busy === "link" || undefined}
        onClick={sendSignInLink}
      >
        {busy === "link" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        Email me a sign-in link
      </Button>
    </div>
  );
}
