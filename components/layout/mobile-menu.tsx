"use client";

import { Menu } from "lucide-react";
import { useSignedInHint } from "@/components/auth/use-session-cookie";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import { buttonVariants } from "@/components/ui/button-variants";

const MobileDrawer = lazyComponent(() => import("./mobile-drawer").then((m) => m.MobileDrawer));

/** The menu button under 1024 px; the drawer's code loads when the button is reached for. */
export function MobileMenu() {
  const signedIn = useSignedInHint();
  const { mounted, dialogProps, triggerProps } = useDialogOpener();

  return (
    <>
      <button {...triggerProps} className={`${buttonVariants({ variant: "ghost", size: "icon" })} lg:hidden`} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {mounted ? (
        <FloatingSlot>
          <MobileDrawer {...dialogProps} signedIn={signedIn} />
        </FloatingSlot>
      ) : null}
    </>
  );
}
