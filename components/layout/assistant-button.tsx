"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { buttonVariants } from "@/components/ui/button-variants";
import { sendWindowEvent, windowEvents } from "@/components/window-events";

/**
 * The header's AI button. It asks the assistant widget to open; a mounted widget claims the event
 * with preventDefault(). Where no widget answers, the plans are the next best help.
 */
export function AssistantButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label="AI assistant"
      onClick={() => {
        const unclaimed = sendWindowEvent(windowEvents.openAssistant, { cancelable: true });
        if (unclaimed) router.push("/how-it-works#pricing");
      }}
    >
      <Sparkles aria-hidden="true" />
      <span>AI</span>
    </button>
  );
}
