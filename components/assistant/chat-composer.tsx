"use client";

import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";

const MAX_MESSAGE_LENGTH = 1000;

type ChatComposerProps = {
  onSend: (content: string) => void;
  onClear: () => void;
  canClear: boolean;
  focusOnMount: boolean;
};

/** The message box: Enter sends, Shift+Enter starts a new line, blank messages cannot be sent. */
export function ChatComposer({ onSend, onClear, canClear, focusOnMount }: ChatComposerProps) {
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const content = draft.trim();

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  function send() {
    if (!content) return;
    onSend(content);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      className="space-y-2 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-message`} className="sr-only">
        Message
      </label>
      <Textarea
        ref={inputRef}
        id={`${id}-message`}
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        placeholder="Ask the coach…"
        className="min-h-0 resize-none"
      />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line.
        </p>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={!canClear}>
            Clear chat
          </Button>
          <Button type="submit" size="sm" disabled={!content}>
            Send
            <Send aria-hidden="true" />
          </Button>
        </div>
      </div>
    </form>
  );
}
