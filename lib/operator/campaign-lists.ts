import type { OrgType, Region, StoryFormat } from "@/lib/campaign/campaign-options";
import { firstParam, type SearchParams } from "@/lib/search-params";
import type { StoryOutreach, StoryStatus } from "./campaign-schemas";
import type { ListCursor } from "./list-query";

// D17, Campaign: the operator's lists of partner pledges, contact messages and stories, newest
// first, a page at a time (keyset), each narrowed to one state by `?show=`. Dates cross to the
// browser as ISO 8601 text.

/** The one sort of these lists: when the record was received, newest first. */
export const CAMPAIGN_LIST_SORTS = ["received"] as const;
export const CAMPAIGN_LIST_DEFAULTS = { sort: "received", dir: "desc" } as const;

export const HANDLED_FILTERS = ["all", "unhandled", "handled"] as const;
export type HandledFilter = (typeof HANDLED_FILTERS)[number];

export const HANDLED_FILTER_LABELS: Record<HandledFilter, string> = { all: "All", unhandled: "Not handled", handled: "Handled" };

/** Pending first: the list opens on the stories waiting for a decision. */
export const STORY_FILTER_LABELS: Record<StoryStatus, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

/** `?show=` of a list, or its first choice when absent or not one of them (a mistyped URL is never an error). */
export function parseShowParam<T extends string>(params: SearchParams, choices: readonly [T, ...T[]]): T {
  const value = firstParam(params, "show");
  return (choices as readonly string[]).includes(value ?? "") ? (value as T) : choices[0];
}

/** Who marked a record handled and when; null while it is not. */
export type Handled = { at: string; by: string | null } | null;

export type PartnerPledgeRow = {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  orgName: string;
  orgType: OrgType;
  region: Region;
  handled: Handled;
  cursor: ListCursor;
};

export type ContactMessageRow = {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  orgName: string | null;
  message: string;
  handled: Handled;
  cursor: ListCursor;
};

export type ModerationStory = {
  id: string;
  voiceNumber: number;
  receivedAt: string;
  format: StoryFormat;
  topic: string | null;
  content: string;
  source: "magic_form" | "story_wizard";
  /** The confirmed address of someone who asked the team to reach out and record their story. */
  contactEmail: string | null;
  hasVideo: boolean;
  status: StoryStatus;
  review: { at: string; by: string | null; reason: string | null } | null;
  /** For a request to be recorded: the team's last outreach step, when and by whom. */
  outreach: { state: StoryOutreach; at: string; by: string | null } | null;
  cursor: ListCursor;
};

export const STORY_SOURCE_LABELS: Record<ModerationStory["source"], string> = {
  magic_form: "/magic story form",
  story_wizard: "Story wizard (/million-glucose-campaign)",
};

/** Whether a story has anything the public could be shown: its words or its recording. */
export function storyHasSomethingToShow(story: Pick<ModerationStory, "content" | "hasVideo">): boolean {
  return story.content.trim() !== "" || story.hasVideo;
}
