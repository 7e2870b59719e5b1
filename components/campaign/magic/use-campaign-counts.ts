"use client";

import { useIdleLoad } from "@/components/hooks/use-idle-load";
import type { PledgeStats } from "@/lib/campaign/campaign-schemas";
import { fetchPledgeCount } from "../shared/campaign-api";

/**
 * The real counts (D6: confirmed pledges and partners, from zero), or null until they arrive or
 * when they cannot be loaded; loaded once the page is idle.
 */
export function useCampaignCounts(): PledgeStats | null {
  return useIdleLoad(fetchPledgeCount);
}
