"use client";

import { useEffect, useRef, useState } from "react";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { onWindowEvent, windowEvents } from "@/components/window-events";

const PledgeDrawer = lazyComponent(() => import("./pledge-drawer").then((m) => m.PledgeDrawer));

/**
 * Listens for openPledgeDrawer; the drawer's code (vaul, the form, confetti) loads on the first
 * request, so the page pays for it only when someone takes the pledge. The event names no button,
 * so the element that had focus when it was sent (the Take Pledge button pressed) is where focus
 * goes back to once the drawer closes.
 */
export function PledgeDrawerHost() {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      setRequested(true);
      setOpen(true);
    };
    return onWindowEvent(windowEvents.openPledgeDrawer, onOpen);
  }, []);

  function onCloseAutoFocus(event: Event) {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }

  return requested ? (
    <FloatingSlot>
      <PledgeDrawer open={open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
    </FloatingSlot>
  ) : null;
}
