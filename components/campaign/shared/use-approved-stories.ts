"use client";

import { useIdleLoad } from "@/components/hooks/use-idle-load";
import type { ApprovedStory } from "@/lib/campaign/campaign-schemas";
import { fetchApprovedStories } from "./campaign-api";

const loadApprovedStories = (): Promise<readonly ApprovedStory[]> => fetchApprovedStories().then((answer) => answer.stories);

/**
 * The newest approved stories, or null until they arrive (and when they cannot be loaded): the
 * pages show the spec's samples meanwhile, and in the places stories do not fill. Loaded once the
 * page is idle.
 */
export function useApprovedStories(): readonly ApprovedStory[] | null {
  return useIdleLoad(loadApprovedStories);
}
