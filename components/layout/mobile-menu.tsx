"use client";

import { Menu } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";
import { useSignedInHint } from "@/components/auth/use-session-cookie";

/** The menu button under 1024 px; the drawer's code loads on the first press. */
export function MobileMenu() {
  const signedIn = useSignedInHint();
  const { Dialog: Drawer, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./mobile-drawer").then((m) => m.MobileDrawer),
  );

  return (
    <>
      <button
        {...triggerProps}
        className={`${buttonVariants({ variant: "ghost", size: "icon" })} lg:hidden`}
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {Drawer ? <Drawer {...dialogProps} signedIn={signedIn} /> : null}
    </>
  );
}
