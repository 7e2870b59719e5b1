"use client";

import { useEffect, useState } from "react";
import type { ApprovedStory } from "@/lib/campaign/campaign-schemas";

/**
 * The newest approved stories, or null until they arrive (and when they cannot be loaded): the
 * pages show the spec's samples meanwhile, and when none is approved. The call loads once the page
 * is idle, off the first paint's path.
 */
export function useApprovedStories(): readonly ApprovedStory[] | null {
  const [stories, setStories] = useState<readonly ApprovedStory[] | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void import("./campaign-api")
        .then((api) => api.fetchApprovedStories())
        .then((answer) => live && setStories(answer.stories))
        .catch(() => {});
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 500);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return stories;
}
