"use client";

import { useIdleLoad } from "@/components/hooks/use-idle-load";
import type { PledgeStats } from "@/lib/campaign/campaign-schemas";
import { fetchPledgeCount } from "../shared/campaign-api";

// One request for the page's counters (the pledge count in the hero, the partners in the
// highlights): whoever asks while it is out gets the same answer.
let inFlight: Promise<PledgeStats> | null = null;

function loadCounts(): Promise<PledgeStats> {
  inFlight ??= fetchPledgeCount().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * The real counts (D6: confirmed pledges and partners, from zero), or null until they arrive or
 * when they cannot be loaded; loaded once the page is idle.
 */
export function useCampaignCounts(): PledgeStats | null {
  return useIdleLoad(loadCounts);
}
