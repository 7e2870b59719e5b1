"use client";

import { useEffect, useState } from "react";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { onWindowEvent, windowEvents } from "@/components/window-events";

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
    return onWindowEvent(windowEvents.openPledgeDrawer, onOpen);
  }, []);

  return requested ? (
    <FloatingSlot>
      <PledgeDrawer open={open} onOpenChange={setOpen} />
    </FloatingSlot>
  ) : null;
}
