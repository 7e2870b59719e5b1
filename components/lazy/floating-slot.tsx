import type { ReactNode } from "react";

/**
 * Where an overlay that loads late (a menu drawer, the pledge drawer, the assistant) sits in the page.
 * The overlay places itself, so the slot is empty and hidden; when its code could not load, the
 * error floats at the foot of the screen, seen wherever its opener was.
 */
export function FloatingSlot({ children }: { children: ReactNode }) {
  return <div className="fixed inset-x-4 bottom-4 z-50 empty:hidden sm:left-auto sm:w-96 print:hidden">{children}</div>;
}
