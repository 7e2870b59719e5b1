"use client";

import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { textareaStyles } from "@/components/ui/textarea-styles";

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
      <textarea
        ref={inputRef}
        id={`${id}-message`}
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        placeholder="Ask the coach…"
        className={`${textareaStyles} resize-none`}
      />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line.
        </p>
        <div className="flex gap-1">
          <button type="button" className={buttonVariants({ variant: "ghost", size: "sm" })} onClick={onClear} disabled={!canClear}>
            Clear chat
          </button>
          <button type="submit" className={buttonVariants({ size: "sm" })} disabled={!content}>
            Send
            <Send aria-hidden="true" />
          </button>
        </div>
      </div>
    </form>
  );
}
