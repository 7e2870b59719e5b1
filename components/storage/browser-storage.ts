import type { StorageKey } from "@/lib/storage-keys";

// Safe access to localStorage / sessionStorage: unavailable storage (private mode, quota, server
// rendering) or a value that does not parse is the same as no value. Callers validate what they read.
type Area = "local" | "session";

function area(which: Area): Storage | null {
  try {
    if (typeof window === "undefined") return null;
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The parsed JSON under `key`, or undefined when missing, unreadable or not JSON. */
export function readJson(key: StorageKey, which: Area = "local"): unknown {
  const raw = (() => {
    try {
      return area(which)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  })();
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown, which: Area = "local"): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the app keeps working without persistence.
  }
}

export function removeItem(key: StorageKey, which: Area = "local"): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
