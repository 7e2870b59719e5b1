"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";

type SignUpInvitationDialogProps = OpenableDialogProps & {
  title: string;
  description: React.ReactNode;
  /** The sign-up screen to go on to (a path on this site). */
  href: string;
  action: string;
  children?: React.ReactNode;
};

/** A dialog that invites an anonymous visitor to sign up, with 'Not now' and the way on. */
export function SignUpInvitationDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  href,
  action,
  children,
}: SignUpInvitationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <Button asChild>
            <Link href={href}>{action}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
