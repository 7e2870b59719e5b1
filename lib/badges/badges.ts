import { badgeForPledgeNumber, formatPledgeNumber } from "../campaign/badge-tier";
import type { Badge } from "./badge-schemas";

// A badge's helpers; its shape is badge-schemas.ts (kept apart so the dashboard renders without zod).
export type { Badge, MemberBadges } from "./badge-schemas";
export type { BadgeTier } from "../campaign/badge-tier";

/** The badge a member's campaign pledge earned (SPEC §9 tiers by pledge number), with its share card as the image. */
export function pledgeBadge(pledgeNumber: number, earnedAt: Date): Badge {
  const badge = badgeForPledgeNumber(pledgeNumber);
  return {
    id: `pledge-${pledgeNumber}`,
    name: badge.name,
    description: `Pledger ${formatPledgeNumber(pledgeNumber)} of the million-strong glucose health campaign.`,
    imageUrl: `/api/campaign/pledges/${pledgeNumber}/card`,
    dateEarned: earnedAt.toISOString(),
    source: "campaign",
    tier: badge.tier,
  };
}

/** The public page a badge is shared with: it unfurls with the pledge's card. */
export const badgeSharePath = (badge: Pick<Badge, "id">): string => `/magic/pledge/${badge.id.replace(/^pledge-/, "")}`;

/** The text a badge is shared with: the badge, then the campaign's announcement and hashtags. */
export function badgeShareText(badge: Pick<Badge, "name">, campaignText: string): string {
  return `I earned the ${badge.name} badge. ${campaignText}`;
}
