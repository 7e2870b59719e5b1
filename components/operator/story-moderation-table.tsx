"use client";

import { CAMPAIGN_LIST_DEFAULTS, STORY_SOURCE_LABELS, storyHasSomethingToShow, type ModerationStory } from "@/lib/operator/campaign-lists";
import type { StoryStatus } from "@/lib/operator/campaign-schemas";
import { storyVideoPath } from "./campaign-api";
import { DataTable, dataColumns } from "./data-table";
import { utcMinute } from "./handled-state";
import { StoryOutreachActions } from "./story-outreach-actions";
import { StoryReviewActions } from "./story-review-actions";

// D17, Campaign: the stories to review, one status at a time, newest first: each with its words
// or its video (played from the private store through the area's own route), where it came from and
// how to reach its teller, and the decision.

const FORMAT_LABELS = { video: "Video", audio: "Audio", text: "Text" } as const;
const OUTREACH_LABELS = { reached_out: "Reached out", recorded: "Recorded" } as const;
const voice = (story: ModerationStory) => `Story #${story.voiceNumber.toLocaleString("en-US")}`;

function StoryAbout({ story }: { story: ModerationStory }) {
  return (
    <div className="flex min-w-40 flex-col gap-0.5">
      <span className="font-semibold">{voice(story)}</span>
      <span className="text-xs text-muted-foreground">
        {FORMAT_LABELS[story.format]}
        {story.topic ? ` · ${story.topic}` : ""}
      </span>
      <span className="text-xs text-muted-foreground">{STORY_SOURCE_LABELS[story.source]}</span>
      <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">Received {utcMinute(story.receivedAt)}</span>
      {story.contactEmail ? (
        <span className="text-xs">
          Reach out to{" "}
          <a className="break-words text-primary underline-offset-4 hover:underline" href={`mailto:${story.contactEmail}`}>
            {story.contactEmail}
          </a>
        </span>
      ) : null}
    </div>
  );
}

function StoryContent({ story }: { story: ModerationStory }) {
  return (
    <div className="flex max-w-xl flex-col gap-2">
      {story.hasVideo ? (
        <>
          <video
            controls
            preload="none"
            playsInline
            src={storyVideoPath(story.id)}
            aria-label={`Video of ${voice(story).toLowerCase()}`}
            className="aspect-video w-80 max-w-full rounded-md bg-black"
          />
          <a
            className="text-xs text-primary underline-offset-4 hover:underline"
            href={storyVideoPath(story.id)}
            target="_blank"
            rel="noreferrer"
          >
            Open the video
          </a>
        </>
      ) : null}
      {story.content ? <p className="whitespace-pre-wrap break-words">{story.content}</p> : null}
      {!storyHasSomethingToShow(story) ? (
        <p className="text-muted-foreground">Not recorded yet: the team reaches out to record it.</p>
      ) : null}
    </div>
  );
}

function OutreachState({ story }: { story: ModerationStory }) {
  if (!story.contactEmail) return null;
  if (!story.outreach) return <span className="text-xs text-muted-foreground">Not reached out yet</span>;
  return (
    <span className="whitespace-nowrap text-xs text-muted-foreground">
      {OUTREACH_LABELS[story.outreach.state]} {utcMinute(story.outreach.at)}
      {story.outreach.by ? ` by ${story.outreach.by}` : ""}
    </span>
  );
}

function StoryState({ story }: { story: ModerationStory }) {
  if (!story.review)
    return (
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">Pending</span>
        <OutreachState story={story} />
      </span>
    );
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">{story.status === "approved" ? "Approved" : "Rejected"}</span>
      <span className="whitespace-nowrap text-xs text-muted-foreground">
        {utcMinute(story.review.at)}
        {story.review.by ? ` by ${story.review.by}` : ""}
      </span>
      {story.review.reason ? <span className="max-w-56 whitespace-pre-wrap break-words text-xs">Reason: {story.review.reason}</span> : null}
      <OutreachState story={story} />
    </span>
  );
}

const columns = dataColumns<ModerationStory>([
  { id: "story", header: "Story", cell: ({ row }) => <StoryAbout story={row.original} /> },
  { id: "content", header: "Words or recording", cell: ({ row }) => <StoryContent story={row.original} /> },
  { id: "state", header: "State", cell: ({ row }) => <StoryState story={row.original} /> },
  {
    id: "decision",
    header: "Decision",
    cell: ({ row }) => (
      <div className="flex flex-col gap-2">
        <StoryReviewActions
          storyId={row.original.id}
          voiceNumber={row.original.voiceNumber}
          status={row.original.status}
          canApprove={storyHasSomethingToShow(row.original)}
        />
        {row.original.contactEmail && row.original.status !== "rejected" ? (
          <StoryOutreachActions
            storyId={row.original.id}
            voiceNumber={row.original.voiceNumber}
            outreach={row.original.outreach?.state ?? null}
          />
        ) : null}
      </div>
    ),
  },
]);

const EMPTY: Record<StoryStatus, { title: string; body?: string }> = {
  pending: {
    title: "No story is waiting for a decision",
    body: "A story sent from /magic or the story wizard is listed here until it is approved or rejected.",
  },
  approved: {
    title: "No story is approved",
    body: "Approved stories are shown on /magic and in the community stories grid, ahead of the samples.",
  },
  rejected: { title: "No story is rejected" },
};

export function StoryModerationTable({ rows, status }: { rows: ModerationStory[]; status: StoryStatus }) {
  return (
    <DataTable
      caption={`${status[0]!.toUpperCase()}${status.slice(1)} stories, newest first`}
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      path="/operator/campaign/stories"
      query={{ q: "", ...CAMPAIGN_LIST_DEFAULTS }}
      empty={EMPTY[status]}
    />
  );
}
