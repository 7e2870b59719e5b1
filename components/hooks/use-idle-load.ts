"use client";

import { useEffect, useState } from "react";

type Shared = { users: number; promise?: Promise<unknown> };

// The components of a page asking for the same `load` share one answer while any of them is
// mounted (the /magic hero and highlights both show the counts): one request, however quickly it
// answers. A failed load is not kept, and a page that unmounts them all asks again next time.
const shared = new Map<() => Promise<unknown>, Shared>();

function join(load: () => Promise<unknown>): Shared {
  const entry = shared.get(load) ?? { users: 0 };
  entry.users += 1;
  shared.set(load, entry);
  return entry;
}

function leave(load: () => Promise<unknown>, entry: Shared): void {
  entry.users -= 1;
  if (entry.users === 0 && shared.get(load) === entry) shared.delete(load);
}

function answer(load: () => Promise<unknown>, entry: Shared): Promise<unknown> {
  if (!entry.promise) {
    const promise = load();
    entry.promise = promise;
    promise.catch(() => {
      if (entry.promise === promise) entry.promise = undefined;
    });
  }
  return entry.promise;
}

/**
 * What `load` answers, fetched once the page is idle so neither the call nor the code it imports is
 * on the first paint's path: null until it arrives, and when it cannot be loaded (the caller shows
 * its placeholder or fallback). `load` is a module-level function: the components mounted at once
 * that pass it share one call.
 */
export function useIdleLoad<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<T | null>(null);

  useEffect(() => {
    let live = true;
    const entry = join(load);
    const start = () => void (answer(load, entry) as Promise<T>).then((loaded) => live && setValue(() => loaded)).catch(() => {});
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 500);
    return () => {
      live = false;
      leave(load, entry);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);

  return value;
}
