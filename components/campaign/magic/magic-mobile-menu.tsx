"use client";

import { Menu } from "lucide-react";
import { useSignedInHint } from "@/components/auth/use-session-cookie";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import { buttonVariants } from "@/components/ui/button-variants";

const MagicMobileSheet = lazyComponent(() => import("./magic-mobile-sheet").then((m) => m.MagicMobileSheet));

/** The /magic menu button on phones; the side sheet's code loads when the button is reached for. */
export function MagicMobileMenu() {
  const signedIn = useSignedInHint();
  const { mounted, dialogProps, triggerProps } = useDialogOpener();
  return (
    <>
      <button {...triggerProps} className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {mounted ? (
        <FloatingSlot>
          <MagicMobileSheet {...dialogProps} signedIn={signedIn} />
        </FloatingSlot>
      ) : null}
    </>
  );
}
