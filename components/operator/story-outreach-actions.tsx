"use client";

import { Button } from "@/components/ui/button";
import type { StoryOutreach } from "@/lib/operator/campaign-schemas";
import { markStoryOutreach } from "./campaign-api";
import { ActionError, useAction } from "./operator-action";

// A story its teller asked the team to record moves through the team's outreach: "Reached out"
// once the team wrote to them, "Recorded" once it is recorded. Each mark can be taken back.

const NEXT_STEP: Record<"none" | StoryOutreach, { outreach: StoryOutreach; label: string; done: string } | null> = {
  none: { outreach: "reached_out", label: "Mark reached out", done: "marked reached out" },
  reached_out: { outreach: "recorded", label: "Mark recorded", done: "marked recorded" },
  recorded: null,
};

export function StoryOutreachActions({ storyId, voiceNumber, outreach }: { storyId: string; voiceNumber: number; outreach: StoryOutreach | null }) {
  const { busy, error, run } = useAction();
  const story = `story #${voiceNumber.toLocaleString("en-US")}`;
  const next = NEXT_STEP[outreach ?? "none"];
  const mark = (to: StoryOutreach | null, done: string) =>
    run(async () => {
      await markStoryOutreach(storyId, to);
      return `${story[0]!.toUpperCase()}${story.slice(1)} ${done}.`;
    });

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {next ? (
          <Button type="button" size="sm" variant="secondary" disabled={busy} aria-label={`${next.label}: ${story}`} onClick={() => mark(next.outreach, next.done)}>
            {next.label}
          </Button>
        ) : null}
        {outreach ? (
          <Button type="button" size="sm" variant="ghost" disabled={busy} aria-label={`Clear the outreach mark of ${story}`} onClick={() => mark(null, "has no outreach mark")}>
            Clear mark
          </Button>
        ) : null}
      </div>
      <ActionError error={error} />
    </div>
  );
}
