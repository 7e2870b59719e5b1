"use client";

import { useEffect, useRef, useState } from "react";
import { CHAT_REPLY_DELAY_MS, createMessage, pickReply, type ChatMessage } from "@/lib/assistant/chat";
import type { WidgetAction } from "@/lib/assistant/widget-state";
import { clsx } from "clsx";
import { ChatComposer } from "./chat-composer";

type ChatViewProps = {
  history: readonly ChatMessage[];
  dispatch: (action: WidgetAction) => void;
  /** Put the cursor in the message box when the chat appears ('Talk to a Coach'). */
  focusOnMount: boolean;
};

/** The simulated coach chat (SPEC §4: one of four canned replies after 1 s). */
export function ChatView({ history, dispatch, focusOnMount }: ChatViewProps) {
  const [pending, setPending] = useState(0);
  const timers = useRef(new Set<number>());
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = timers.current;
    return () => active.forEach((timer) => window.clearTimeout(timer));
  }, []);

  useEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [history.length, pending]);

  function send(content: string) {
    dispatch({ type: "addMessage", message: createMessage(content, true) });
    setPending((n) => n + 1);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setPending((n) => n - 1);
      dispatch({ type: "addMessage", message: createMessage(pickReply(), false) });
    }, CHAT_REPLY_DELAY_MS);
    timers.current.add(timer);
  }

  function clear() {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current.clear();
    setPending(0);
    dispatch({ type: "clearChat" });
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} className="min-h-48 flex-1 overflow-y-auto p-4">
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Ask about glucose spikes, the 14-day bootcamp or which plan fits you. A coach answers here.
          </p>
        ) : null}
        <ol aria-live="polite" aria-label="Conversation" className="space-y-3">
          {history.map((message, index) => (
            <li
              key={`${message.id}-${index}`}
              className={clsx(
                "max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words",
                message.isUser
                  ? "ml-auto rounded-br-sm bg-primary text-primary-foreground"
                  : "mr-auto rounded-bl-sm bg-muted text-foreground",
              )}
            >
              <span className="sr-only">{message.isUser ? "You: " : "Coach: "}</span>
              {message.content}
            </li>
          ))}
        </ol>
        {pending > 0 ? <p className="mt-3 text-sm text-muted-foreground">Coach is typing…</p> : null}
      </div>
      <ChatComposer onSend={send} onClear={clear} canClear={history.length > 0} focusOnMount={focusOnMount} />
    </div>
  );
}
