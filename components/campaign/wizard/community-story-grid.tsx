"use client";

import { FileText, Mic, Play, Video } from "lucide-react";
import type { ApprovedStory } from "@/lib/campaign/campaign-schemas";
import { storiesThenSamples } from "@/lib/campaign/stories-then-samples";
import { useApprovedStories } from "../shared/use-approved-stories";

// SPEC §3 Sample data: story videos (title, thumbnail, topic, duration), fixed; each approved story
// takes a sample's place as it arrives.
type SampleStory = { title: string; topic: string; duration: string; thumbnail: string };
const SAMPLE_STORIES: readonly SampleStory[] = [
  { title: "The oatmeal that wasn't", topic: "CGM Surprise", duration: "2:45", thumbnail: "from-teal-500 to-emerald-700" },
  { title: "Three generations, one new habit", topic: "Family History", duration: "3:00", thumbnail: "from-amber-400 to-orange-600" },
  { title: "Why fruit juice fooled me", topic: "Myth Busting", duration: "2:30", thumbnail: "from-sky-500 to-indigo-700" },
];

/** As many cards as the grid has columns; more stories are on /magic (View All Stories). */
const GRID_STORIES = 3;

const FORMAT = {
  video: { icon: Video, words: "A video story" },
  audio: { icon: Mic, words: "An audio story" },
  text: { icon: FileText, words: "A story" },
} as const;

type GridCard = { story: ApprovedStory } | { sample: SampleStory };

/** SPEC §2: the community stories grid: the newest approved stories first, the samples in the places left. */
export function CommunityStoryGrid() {
  const approved = useApprovedStories() ?? [];
  const cards = storiesThenSamples<GridCard>(
    approved.map((story) => ({ story })),
    SAMPLE_STORIES.map((sample) => ({ sample })),
    GRID_STORIES,
  );
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-3">
      {cards.map((card) =>
        "story" in card ? (
          <ApprovedStoryCard key={`story-${card.story.voiceNumber}`} story={card.story} />
        ) : (
          <SampleStoryCard key={card.sample.title} sample={card.sample} />
        ),
      )}
    </ul>
  );
}

function SampleStoryCard({ sample: s }: { sample: SampleStory }) {
  return (
    <li className="overflow-hidden rounded-xl border bg-card">
      <div aria-hidden="true" className={`relative flex aspect-video items-center justify-center bg-gradient-to-br ${s.thumbnail}`}>
        <Play className="size-12 fill-white text-white" />
        <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">{s.duration}</span>
      </div>
      <div className="p-4">
        <h3 className="font-semibold">{s.title}</h3>
        <p className="text-sm text-muted-foreground">
          {s.topic} · <span data-testid="story-duration">{s.duration}</span>
        </p>
      </div>
    </li>
  );
}

function ApprovedStoryCard({ story }: { story: ApprovedStory }) {
  const { icon: Icon, words } = FORMAT[story.format];
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card">
      <div aria-hidden="true" className="flex aspect-video items-center justify-center bg-gradient-to-br from-primary/70 to-primary">
        <Icon className="size-12 text-primary-foreground" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">{story.topic ?? words}</h3>
        {story.content ? <p className="line-clamp-4 text-sm">{story.content}</p> : null}
        <p className="mt-auto text-sm text-muted-foreground">Voice #{story.voiceNumber.toLocaleString("en-US")}</p>
      </div>
    </li>
  );
}
