"use client";

import { MessageCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { FloatingSlot } from "@/components/lazy/floating-slot";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { onWindowEvent, windowEvents } from "@/components/window-events";
import { readJson, writeJson } from "@/components/storage/browser-storage";
import { Spinner } from "@/components/ui/spinner";
import { storageKeys } from "@/lib/storage-keys";

// SPEC §9: the widget opens by itself about 2 s after a first-ever visit.
const AUTO_OPEN_DELAY_MS = 2000;
const ROUND_BUTTON =
  "fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg md:right-6 md:bottom-6 print:hidden";

// The panel's code loads when the widget opens (or is reached for); the start rule comes with it.
const AssistantPanel = lazyComponent(() => import("./assistant-panel").then((m) => m.AssistantPanel), {
  loading: () => (
    <span className={ROUND_BUTTON}>
      <Spinner className="size-6" label="Opening the glucose assistant" />
    </span>
  ),
});
const StoredStartCheck = lazyComponent(() => import("./assistant-panel").then((m) => m.StoredStartCheck));

/** Cheap look at storage: only a widget left open, a result or a conversation can reopen it. */
function mayStartOpen(): boolean {
  const mode = readJson(storageKeys.widgetMode);
  const chat = readJson(storageKeys.chatHistory);
  return (
    (mode !== undefined && mode !== "collapsed") ||
    (readJson(storageKeys.questionnaireResult) ?? null) !== null ||
    (Array.isArray(chat) && chat.length > 0)
  );
}

const storageUnwatched = () => () => {};

/**
 * The always-present part of the assistant: a round button, the header's open event, the first-visit
 * auto-open and a live region. The panel's code loads only when the widget opens.
 */
export function AssistantLauncher() {
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // Read in the browser only (the server has no storage); the start rule applies until the widget first opens.
  const mayReopen = useSyncExternalStore(storageUnwatched, mayStartOpen, () => false);
  const [started, setStarted] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  const returnFocus = useRef(false);
  const touched = useRef(false);

  const show = useCallback((byUser: boolean) => {
    if (byUser) {
      touched.current = true;
      openerRef.current = document.activeElement;
      setFocusRequest((n) => n + 1);
    }
    setStarted(true);
    setOpen(true);
  }, []);
  const showByPage = useCallback(() => show(false), [show]);

  useEffect(() => {
    const onOpen = (event: Event) => {
      event.preventDefault();
      show(true);
    };
    return onWindowEvent(windowEvents.openAssistant, onOpen);
  }, [show]);

  useEffect(() => {
    if (mayStartOpen() || readJson(storageKeys.visited) === true) return;
    const timer = window.setTimeout(() => {
      writeJson(storageKeys.visited, true);
      if (!touched.current) show(false);
    }, AUTO_OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [show]);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    const opener = openerRef.current;
    (opener instanceof HTMLElement && opener.isConnected ? opener : buttonRef.current)?.focus();
  }, [open]);

  const collapse = useCallback((message?: string) => {
    touched.current = true;
    returnFocus.current = true;
    if (message) setAnnouncement(message);
    setOpen(false);
  }, []);

  return (
    <>
      {open ? (
        <FloatingSlot>
          <AssistantPanel focusRequest={focusRequest} onCollapse={collapse} />
        </FloatingSlot>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          aria-label="Open the glucose assistant"
          aria-haspopup="dialog"
          onPointerEnter={AssistantPanel.preload}
          onFocus={AssistantPanel.preload}
          onTouchStart={AssistantPanel.preload}
          onClick={() => show(true)}
          className={`${ROUND_BUTTON} transition-transform hover:scale-105 hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </button>
      )}
      {mayReopen && !started ? (
        <FloatingSlot>
          <StoredStartCheck onStartsOpen={showByPage} />
        </FloatingSlot>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
