"use client";

import { Menu } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";
import { useSignedInHint } from "@/components/auth/use-session-cookie";

/** The /magic menu button on phones; the side sheet loads on the first press. */
export function MagicMobileMenu() {
  const signedIn = useSignedInHint();
  const { Dialog: Sheet, dialogProps, triggerProps } = useLazyDialog(() => import("./magic-mobile-sheet").then((m) => m.MagicMobileSheet));
  return (
    <>
      <button {...triggerProps} className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {Sheet ? <Sheet {...dialogProps} signedIn={signedIn} /> : null}
    </>
  );
}
