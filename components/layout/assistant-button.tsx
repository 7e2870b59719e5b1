"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

export const OPEN_ASSISTANT_EVENT = "assistant:open";

/**
 * The header's AI button. It asks the assistant widget to open; a mounted widget claims the event
 * with preventDefault(). Where no widget answers, the plans are the next best help.
 */
export function AssistantButton({ className }: { className?: string }) {
  const router = useRouter();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label="Open the glucose assistant"
      onClick={() => {
        const unclaimed = window.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT, { cancelable: true }));
        if (unclaimed) router.push("/how-it-works#pricing");
      }}
    >
      <Sparkles aria-hidden="true" />
      <span>AI</span>
    </Button>
  );
}
