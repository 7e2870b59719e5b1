"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/use-lazy-dialog";

// After signing up (and confirming the email) the visitor lands on the dashboard.
export const SIGN_UP_PATH = "/auth?mode=sign-up&next=/dashboard";

/** SPEC §2: the sign-up dialog on /payment-success, leading to /dashboard. */
export function SignUpNowDialog({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Create your account</DialogTitle>
          <DialogDescription>
            Your account is where your cohort, your coach bot and your referral link live. Sign up with
            the email address you paid with, or use the password link we just emailed you.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <Button asChild>
            <Link href={SIGN_UP_PATH}>Sign up with email</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
