"use client";

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { SheetAccountButton } from "@/components/layout/sheet-account-button";
import type { OpenableDialogProps } from "@/components/lazy/use-dialog-opener";
import { MAGIC_SECTIONS } from "./magic-sections";

/** SPEC §2 /magic: on mobile a side sheet shows the sections and Dashboard or Log In. */
export function MagicMobileSheet({ open, onOpenChange, onCloseAutoFocus, signedIn }: OpenableDialogProps & { signedIn: boolean }) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[85vw] max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetHeader>
          <SheetTitle>MAGIC</SheetTitle>
          <SheetDescription className="sr-only">Campaign navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Campaign sections" className="flex flex-col gap-1 px-4">
          {MAGIC_SECTIONS.map((s) => (
            <a key={s.id} href={`#${s.id}`} onClick={close} className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
              {s.label}
            </a>
          ))}
        </nav>
        <div className="mt-auto p-4">
          <SheetAccountButton signedIn={signedIn} onNavigate={close} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
