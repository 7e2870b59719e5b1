"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { parseEnrolmentDraftJson, serializeEnrolmentDraft, type EnrolmentDraft } from "@/lib/enrolment/enrolment-draft";
import { removeItem } from "@/components/storage/browser-storage";
import { onWindowEvent, sendWindowEvent, windowEvents } from "@/components/window-events";
import { storageKeys } from "@/lib/storage-keys";

// D12: the enrolment draft lives in sessionStorage, so a reload keeps it and closing the tab ends
// it. When storage is blocked it lives in memory for as long as the page does.
const KEY = storageKeys.enrolmentDraft;
let memoryOnly: string | null = null;

function readRaw(): string {
  if (memoryOnly !== null) return memoryOnly;
  try {
    return window.sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

function writeRaw(value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, value);
    memoryOnly = null;
  } catch {
    memoryOnly = value ?? "";
  }
  sendWindowEvent(windowEvents.enrolmentDraftChange);
}

function subscribe(onChange: () => void): () => void {
  return onWindowEvent(windowEvents.enrolmentDraftChange, onChange);
}

/** Null on the server and during hydration: the draft has not been read yet. */
const serverSnapshot = () => null;

export type EnrolmentDraftStore = {
  /** The draft, or null until it has been read in the browser. */
  draft: EnrolmentDraft | null;
  update: (patch: Partial<EnrolmentDraft>) => void;
  clear: () => void;
};

export function useEnrolmentDraft(): EnrolmentDraftStore {
  const raw = useSyncExternalStore<string | null>(subscribe, readRaw, serverSnapshot);
  const draft = useMemo(() => (raw === null ? null : parseEnrolmentDraftJson(raw)), [raw]);
  const update = useCallback((patch: Partial<EnrolmentDraft>) => {
    writeRaw(serializeEnrolmentDraft({ ...parseEnrolmentDraftJson(readRaw()), ...patch }));
  }, []);
  const clear = useCallback(() => writeRaw(null), []);
  return { draft, update, clear };
}

/** Forgets the draft (after a successful payment). */
export function clearEnrolmentDraft(): void {
  writeRaw(null);
  removeItem(storageKeys.openCheckoutSession, "session");
}
