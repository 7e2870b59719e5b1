"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** On a personal share link (?voice=N): who invited the visitor. Read after hydration; the page stays static. */
export function VoiceInvitation() {
  const voice = useSyncExternalStore(
    subscribe,
    () => {
      const value = new URLSearchParams(window.location.search).get("voice") ?? "";
      return /^[1-9]\d{0,9}$/.test(value) ? Number(value).toLocaleString("en-US") : null;
    },
    () => null,
  );
  return voice ? <p className="mt-4 font-medium text-primary">Voice #{voice} invited you to add your story.</p> : null;
}
