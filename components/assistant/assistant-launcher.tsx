"use client";

import { MessageCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { OPEN_ASSISTANT_EVENT } from "@/components/layout/assistant-button";
import { readJson, writeJson } from "@/components/storage/browser-storage";
import { storageKeys } from "@/lib/storage-keys";
import type { AssistantPanelProps } from "./assistant-panel";

// SPEC §9: the widget opens by itself about 2 s after a first-ever visit.
const AUTO_OPEN_DELAY_MS = 2000;
const loadPanel = () => import("./assistant-panel");

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

/**
 * The always-present part of the assistant: a round button, the header's open event, the first-visit
 * auto-open and a live region. The panel's code loads only when the widget opens.
 */
export function AssistantLauncher() {
  const [Panel, setPanel] = useState<ComponentType<AssistantPanelProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  const returnFocus = useRef(false);
  const touched = useRef(false);

  const show = useCallback(async (byUser: boolean) => {
    if (byUser) {
      touched.current = true;
      openerRef.current = document.activeElement;
    }
    const loaded = await loadPanel();
    setPanel(() => loaded.AssistantPanel);
    if (byUser) setFocusRequest((n) => n + 1);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onOpen = (event: Event) => {
      event.preventDefault();
      void show(true);
    };
    window.addEventListener(OPEN_ASSISTANT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_ASSISTANT_EVENT, onOpen);
  }, [show]);

  useEffect(() => {
    if (mayStartOpen()) {
      void loadPanel().then((loaded) => {
        if (!touched.current && loaded.storedStartsOpen()) void show(false);
      });
      return;
    }
    if (readJson(storageKeys.visited) === true) return;
    const timer = window.setTimeout(() => {
      writeJson(storageKeys.visited, true);
      if (!touched.current) void show(false);
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
      {open && Panel ? (
        <Panel focusRequest={focusRequest} onCollapse={collapse} />
      ) : (
        <button
          ref={buttonRef}
          type="button"
          aria-label="Open the glucose assistant"
          aria-haspopup="dialog"
          onClick={() => void show(true)}
          className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:right-6 md:bottom-6 print:hidden"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </button>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
