"use client";

import { useState, type ComponentType } from "react";
import { Menu } from "lucide-react";
import { Button } from "@/components/ui/button";
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
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDrawer}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {Drawer ? <Drawer open={open} onOpenChange={setOpen} signedIn={signedIn} /> : null}
    </>
  );
}
