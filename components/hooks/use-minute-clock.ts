"use client";

import { useMemo, useSyncExternalStore } from "react";

const MINUTE_MS = 60_000;
// Looked at every 10 s, so a new minute shows within 10 s of starting.
const CHECK_MS = 10_000;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, CHECK_MS);
  return () => clearInterval(timer);
}

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/** Now, to the minute: a component that tells something from the time re-renders as it passes. */
export function useMinuteClock(): Date {
  const minute = useSyncExternalStore(subscribe, currentMinute, currentMinute);
  return useMemo(() => new Date(minute), [minute]);
}
