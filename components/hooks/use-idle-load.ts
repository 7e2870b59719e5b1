"use client";

import { useEffect, useState } from "react";

/**
 * What `load` answers, fetched once the page is idle so neither the call nor the code it imports is
 * on the first paint's path: null until it arrives, and when it cannot be loaded (the caller shows
 * its placeholder or fallback). `load` is a module-level function, so it is called once per mount.
 */
export function useIdleLoad<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<T | null>(null);

  useEffect(() => {
    let live = true;
    const start = () =>
      void load()
        .then((loaded) => live && setValue(() => loaded))
        .catch(() => {});
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 500);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);

  return value;
}
