"use client";

import { useEffect, useState, type ComponentType } from "react";
import { OPEN_PLEDGE_DRAWER_EVENT } from "../shared/pledge-events";
import type { PledgeDrawerProps } from "./pledge-drawer";

/**
 * Listens for openPledgeDrawer; the drawer's code (vaul, the form, confetti) loads on the first
 * request, so the page pays for it only when someone takes the pledge.
 */
export function PledgeDrawerHost() {
  const [Drawer, setDrawer] = useState<ComponentType<PledgeDrawerProps> | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onOpen = () => {
      void import("./pledge-drawer").then((m) => {
        setDrawer(() => m.PledgeDrawer);
        setOpen(true);
      });
    };
    window.addEventListener(OPEN_PLEDGE_DRAWER_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_PLEDGE_DRAWER_EVENT, onOpen);
  }, []);

  return Drawer ? <Drawer open={open} onOpenChange={setOpen} /> : null;
}
