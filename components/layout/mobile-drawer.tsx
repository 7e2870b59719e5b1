"use client";

import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { SheetAccountButton } from "./sheet-account-button";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";
import { NAV_ITEMS } from "./nav-items";
import { useOperatorHint } from "./use-operator-hint";

export type MobileDrawerProps = OpenableDialogProps & { signedIn: boolean };

/** SPEC §2: the mobile drawer shows the nav and Log In, or Dashboard when signed in (and Operator for an operator, D17). */
export function MobileDrawer({ open, onOpenChange, onCloseAutoFocus, signedIn }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  const operator = useOperatorHint();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[85vw] max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
          {NAV_ITEMS.map((item) => (
            <Link key={item.href} href={item.href} onClick={close} className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-3 p-4">
          {operator ? (
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link href="/operator" onClick={close}>
                <ShieldCheck aria-hidden="true" /> Operator
              </Link>
            </Button>
          ) : null}
          <SheetAccountButton signedIn={signedIn} onNavigate={close} />
          <Button asChild size="lg">
            <Link href="/how-it-works" onClick={close}>
              Join Now
            </Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
