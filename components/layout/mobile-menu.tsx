"use client";

import { useState, type ComponentType } from "react";
import { Menu } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import type { MobileDrawerProps } from "./mobile-drawer";

/**
 * The menu button under 1024 px. The drawer's code (a dialog) loads on the first press, so it
 * costs nothing on pages where nobody opens it.
 */
export function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const [Drawer, setDrawer] = useState<ComponentType<MobileDrawerProps> | null>(null);
  const [open, setOpen] = useState(false);

  async function openDrawer() {
    if (!Drawer) {
      const loaded = await import("./mobile-drawer");
      setDrawer(() => loaded.MobileDrawer);
    }
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        className={`${buttonVariants({ variant: "ghost", size: "icon" })} lg:hidden`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDrawer}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {Drawer ? <Drawer open={open} onOpenChange={setOpen} signedIn={signedIn} /> : null}
    </>
  );
}
