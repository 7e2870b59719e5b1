"use client";

import { useEffect, useState } from "react";
import type { PledgeStats } from "@/lib/campaign/campaign-schemas";

// One request for the page's counters (the pledge count in the hero, the partners in the
// highlights): whoever asks while it is out gets the same answer.
let inFlight: Promise<PledgeStats> | null = null;

function loadCounts(): Promise<PledgeStats> {
  inFlight ??= import("../shared/campaign-api")
    .then((api) => api.fetchPledgeCount())
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The real counts (D6: confirmed pledges and partners, from zero), or null until they arrive or
 * when they cannot be loaded. The call (and the schema it parses with) loads once the page is idle,
 * off the first paint's path.
 */
export function useCampaignCounts(): PledgeStats | null {
  const [counts, setCounts] = useState<PledgeStats | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void loadCounts()
        .then((stats) => live && setCounts(stats))
        .catch(() => {});
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 500);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return counts;
}
