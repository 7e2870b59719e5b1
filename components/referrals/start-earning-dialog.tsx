"use client";

import { SignUpInvitationDialog } from "@/components/auth/sign-up-invitation-dialog";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";
import { site } from "@/lib/site";
import { CheckList } from "@/components/ui/check-list";

const SIGN_UP_POINTS = [
  "Free to join: you do not need to buy a plan to become an affiliate.",
  `Your personal link (${site.domain}/?via=YOURCODE) and coupon code appear in your dashboard right away.`,
  "You earn 20% of every paid plan you refer; your friends get 10% off their first payment.",
] as const;

/** SPEC §2: the sign-up dialog behind an anonymous visitor's 'Start Earning Today'. */
export function StartEarningDialog(props: OpenableDialogProps) {
  return (
    <SignUpInvitationDialog
      {...props}
      title="Start earning with your referral link"
      description={`Create a free ${site.name} account to get your own link and coupon code.`}
      href="/auth?mode=sign-up"
      action="Create my free account"
    >
      <CheckList items={SIGN_UP_POINTS} className="gap-3" />
    </SignUpInvitationDialog>
  );
}
