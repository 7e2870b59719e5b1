import { z } from "zod";
import { BADGE_TIERS } from "../campaign/badge-tier";

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

/** GET /api/users/me/badges */
export const memberBadgesSchema = z.object({ badges: z.array(badgeSchema) });
export type MemberBadges = z.infer<typeof memberBadgesSchema>;
