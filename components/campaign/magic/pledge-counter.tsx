"use client";

import { Badge } from "@/components/ui/badge";
import { partnersJoinedLabel } from "@/lib/campaign/partners-joined";
import { useCampaignCounts } from "./use-campaign-counts";

/**
 * How many people have really taken the pledge (D6): confirmed pledges only, so a pledge made on
 * this page counts once its address confirms it, on another page.
 */
export function PledgeCounter() {
  const counts = useCampaignCounts();
  const pledges = counts?.pledges ?? null;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="pledge-count">
      {pledges === null ? "\u00a0" : `${pledges.toLocaleString("en-US")} ${pledges === 1 ? "person has" : "people have"} taken the pledge`}
    </p>
  );
}

/**
 * SPEC §2's 'N partners joined' badge with the real count of confirmed partner pledges (DESIGN D6:
 * the spec's fixed 127,845 would claim partners who never signed). Below a few it invites the reader
 * to be one of the first instead of showing a count that reads as a failure. Its place is kept while
 * it loads.
 */
export function PartnersJoined() {
  const partners = useCampaignCounts()?.partners ?? null;
  return (
    <Badge variant="secondary" aria-live="polite" data-testid="partners-joined" className={partners === null ? "invisible" : undefined}>
      {partners === null ? "\u00a0" : partnersJoinedLabel(partners)}
    </Badge>
  );
}
