"use client";

import { useEffect, useState } from "react";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { OPEN_PLEDGE_DRAWER_EVENT } from "../shared/pledge-events";

const PledgeDrawer = lazyComponent(() => import("./pledge-drawer").then((m) => m.PledgeDrawer));

/**
 * Listens for openPledgeDrawer; the drawer's code (vaul, the form, confetti) loads on the first
 * request, so the page pays for it only when someone takes the pledge.
 */
export function PledgeDrawerHost() {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onOpen = () => {
      setRequested(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_PLEDGE_DRAWER_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_PLEDGE_DRAWER_EVENT, onOpen);
  }, []);

  return requested ? (
    <FloatingSlot>
      <PledgeDrawer open={open} onOpenChange={setOpen} />
    </FloatingSlot>
  ) : null;
}
