"use client";

import { useEffect, useRef } from "react";

/**
 * Runs `onRestore` when the browser's Back button brings this page back from its page cache (after
 * a trip to Google or Stripe), where it would otherwise still look busy.
 */
export function useRestoredFromCache(onRestore: () => void): void {
  const latest = useRef(onRestore);
  useEffect(() => {
    latest.current = onRestore;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
}
