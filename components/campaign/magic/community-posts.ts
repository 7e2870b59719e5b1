import type { ApprovedStory } from "@/lib/campaign/campaign-schemas";

// SPEC §3 Sample data, §9: eight sample community posts (fixed and hard-coded). Approved stories
// take their places as they arrive (lib/campaign/stories-then-samples.ts); a story has no sender's
// name. No post carries share or "inspired" counts: the spec's fields would be fixed figures on a
// sample, and DESIGN D6 shows only real numbers.
export type CommunityPost = {
  /** Unique among stories and samples alike ("story-42", "sample-1"). */
  id: string;
  type: "pledge" | "story";
  name: string;
  title: string;
  content: string;
  avatar: string;
};

const FORMAT_WORDS = { video: "A video story", audio: "An audio story", text: "A story" } as const;

/** Approved stories as community posts: voice number, topic and words, nothing about the sender. */
export function storyPosts(stories: readonly ApprovedStory[]): CommunityPost[] {
  return stories.map((story) => ({
    id: `story-${story.voiceNumber}`,
    type: "story",
    name: `Voice #${story.voiceNumber.toLocaleString("en-US")}`,
    title: story.topic ?? FORMAT_WORDS[story.format],
    content: story.content || "Recorded for the Million Glucose Voices campaign.",
    avatar: story.format[0]?.toUpperCase() ?? "S",
  }));
}

export const COMMUNITY_POSTS: readonly CommunityPost[] = [
  {
    id: "sample-1",
    type: "pledge",
    name: "Maya R.",
    title: "Took the pledge for my dad",
    content: "He was diagnosed with type 2 last spring. I pledged to learn my own numbers before I get there.",
    avatar: "MR",
  },
  {
    id: "sample-2",
    type: "story",
    name: "Daniel K.",
    title: "Oatmeal spiked me to 190",
    content: "My 'healthy' breakfast was my worst meal. Adding eggs and berries cut the spike in half.",
    avatar: "DK",
  },
  {
    id: "sample-3",
    type: "story",
    name: "Priya S.",
    title: "A ten-minute walk changed my afternoons",
    content: "A short walk after lunch flattened my curve and my 3 pm slump disappeared.",
    avatar: "PS",
  },
  {
    id: "sample-4",
    type: "pledge",
    name: "Tomás G.",
    title: "Our whole clinic pledged",
    content: "Forty nurses and doctors took the pledge together. Now we talk glucose with every patient.",
    avatar: "TG",
  },
  {
    id: "sample-5",
    type: "story",
    name: "Aisha B.",
    title: "Sleep matters more than I thought",
    content: "Two short nights and my fasting glucose climbed 15 points. Bedtime is my new health habit.",
    avatar: "AB",
  },
  {
    id: "sample-6",
    type: "story",
    name: "Lena M.",
    title: "Family history, new chapter",
    content: "Three generations with diabetes. I am the first to see my curve before it becomes a diagnosis.",
    avatar: "LM",
  },
  {
    id: "sample-7",
    type: "pledge",
    name: "Chris O.",
    title: "Pledged with my running club",
    content: "Twelve runners, twelve CGMs, one group chat full of surprising graphs.",
    avatar: "CO",
  },
  {
    id: "sample-8",
    type: "story",
    name: "Noor H.",
    title: "Myth busted: fruit juice",
    content: "I thought juice was fine because it is natural. My CGM disagreed within twenty minutes.",
    avatar: "NH",
  },
];
