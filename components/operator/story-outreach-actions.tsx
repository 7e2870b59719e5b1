"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import type { StoryOutreach } from "@/lib/operator/campaign-schemas";
import { markStoryOutreach } from "./campaign-api";
import { ActionError, actionMessage } from "./action-error";

// A story its teller asked the team to record moves through the team's outreach: "Reached out"
// once the team wrote to them, "Recorded" once it is recorded. Each mark can be taken back.

const NEXT_STEP: Record<"none" | StoryOutreach, { outreach: StoryOutreach; label: string; done: string } | null> = {
  none: { outreach: "reached_out", label: "Mark reached out", done: "marked reached out" },
  reached_out: { outreach: "recorded", label: "Mark recorded", done: "marked recorded" },
  recorded: null,
};

export function StoryOutreachActions({
  storyId,
  voiceNumber,
  outreach,
}: {
  storyId: string;
  voiceNumber: number;
  outreach: StoryOutreach | null;
}) {
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: actionMessage });
  const story = `story #${voiceNumber.toLocaleString("en-US")}`;
  const next = NEXT_STEP[outreach ?? "none"];
  async function mark(to: StoryOutreach | null, done: string) {
    if (!(await run(() => markStoryOutreach(storyId, to))).ok) return;
    toast.success(`${story[0]!.toUpperCase()}${story.slice(1)} ${done}.`);
    router.refresh();
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {next ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`${next.label}: ${story}`}
            onClick={() => mark(next.outreach, next.done)}
          >
            {next.label}
          </Button>
        ) : null}
        {outreach ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={`Clear the outreach mark of ${story}`}
            onClick={() => mark(null, "has no outreach mark")}
          >
            Clear mark
          </Button>
        ) : null}
      </div>
      <ActionError error={error} />
    </div>
  );
}
