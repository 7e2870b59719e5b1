"use client";

import { Check } from "lucide-react";
import { SignUpInvitationDialog } from "@/components/auth/sign-up-invitation-dialog";
import type { LazyDialogProps } from "@/components/ui/use-lazy-dialog";
import { site } from "@/lib/site";

const SIGN_UP_POINTS = [
  "Free to join: you do not need to buy a plan to become an affiliate.",
  `Your personal link (${site.domain}/?via=YOURCODE) and coupon code appear in your dashboard right away.`,
  "You earn 20% of every paid plan you refer; your friends get 10% off their first payment.",
] as const;

/** SPEC §2: the sign-up dialog behind an anonymous visitor's 'Start Earning Today'. */
export function StartEarningDialog(props: LazyDialogProps) {
  return (
    <SignUpInvitationDialog
      {...props}
      title="Start earning with your referral link"
      description={`Create a free ${site.name} account to get your own link and coupon code.`}
      href="/auth?mode=sign-up"
      action="Create my free account"
    >
      <ul className="flex flex-col gap-3 text-sm">
        {SIGN_UP_POINTS.map((point) => (
          <li key={point} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </SignUpInvitationDialog>
  );
}
