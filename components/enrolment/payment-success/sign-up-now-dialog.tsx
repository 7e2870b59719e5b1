"use client";

import { SignUpInvitationDialog } from "@/components/auth/sign-up-invitation-dialog";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";

// After signing up (and confirming the email) the visitor lands on the dashboard; confirming the
// address the plan was paid with also gives the new account the purchase.
export const SIGN_UP_PATH = "/auth?mode=sign-up&next=/dashboard";

/** SPEC §2: the sign-up dialog on /payment-success, leading to /dashboard. */
export function SignUpNowDialog(props: OpenableDialogProps) {
  return (
    <SignUpInvitationDialog
      {...props}
      title="Create your account"
      description="Your account is where your cohort, your coach bot and your referral link live. Sign up with the email address you paid with, or use the password link we just emailed you."
      href={SIGN_UP_PATH}
      action="Sign up with email"
    />
  );
}
