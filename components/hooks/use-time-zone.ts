"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => "UTC";

/**
 * The time zone to write the visitor's local times in: UTC while the server renders and while the
 * browser hydrates that HTML (so both write the same text), then the browser's own, re-rendered at
 * once. A card the server fills with a deadline or a date reads it here, never from the default.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserTimeZone, serverTimeZone);
}
