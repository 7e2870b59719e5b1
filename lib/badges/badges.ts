import * as z from "zod/mini";
import { BADGE_TIERS, badgeForPledgeNumber, formatPledgeNumber } from "../campaign/badge-tier";

// SPEC §3 Badge: id, name, description, imageUrl, dateEarned, source, tier (gold, silver, bronze, other).

export const badgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  dateEarned: z.iso.datetime({ offset: true }),
  source: z.enum(["campaign"]),
  tier: z.enum(BADGE_TIERS),
});
export type Badge = z.infer<typeof badgeSchema>;
export type { BadgeTier } from "../campaign/badge-tier";

/** GET /api/users/me/badges */
export const memberBadgesSchema = z.object({ badges: z.array(badgeSchema) });
export type MemberBadges = z.infer<typeof memberBadgesSchema>;

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
