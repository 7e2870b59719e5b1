"use client";

import { useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";

// SPEC §9: the header shrinks after 50 px of scroll.
const SHRINK_AFTER_PX = 50;

/**
 * The header's behaviour: shrink after scrolling and scroll the window to the top on every route
 * change (SPEC §2), except when the new address targets an anchor.
 */
export function HeaderFrame({ children }: { children: React.ReactNode }) {
  const [shrunk, setShrunk] = useState(false);
  const pathname = usePathname();
  const shownPath = useRef(pathname);

  useEffect(() => {
    const update = () => setShrunk(window.scrollY > SHRINK_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Only on a change of route: a visitor who scrolled before the page came alive stays where they are.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);

  return (
    <header
      data-shrunk={shrunk}
      className={`fixed inset-x-0 top-0 z-40 border-b bg-background/90 backdrop-blur transition-[height,box-shadow] duration-200 ${
        shrunk ? "h-16 shadow-sm" : "h-20 border-transparent"
      }`}
    >
      {children}
    </header>
  );
}
