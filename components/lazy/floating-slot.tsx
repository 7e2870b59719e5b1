"use client";

import type { ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * Where an overlay that loads late (a menu drawer, the pledge drawer, the assistant) sits in the page.
 * The overlay places itself, so the slot is empty and hidden; when its code could not load, the
 * error floats at the foot of the screen, seen wherever its opener was. It hangs from <body>: a
 * blurred header would otherwise be the box a fixed slot is placed in. Rendered in the browser only
 * (after a press or an event), never on the server.
 */
export function FloatingSlot({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="fixed inset-x-4 bottom-4 z-50 empty:hidden sm:left-auto sm:w-96 print:hidden">{children}</div>,
    document.body,
  );
}
