// SPEC §3 Badge: id, name, description, imageUrl, dateEarned, source, tier.

export type BadgeTier = "gold" | "silver" | "bronze" | "other";

export type Badge = {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  dateEarned: string;
  source: string;
  tier: BadgeTier;
};

/** SPEC §3: the hard-coded sample list, 'Founding 100' (gold) and 'Pioneer 1K' (silver), both from the campaign. */
export const SAMPLE_BADGES: readonly Badge[] = [
  {
    id: "founding-100",
    name: "Founding 100",
    description: "One of the first 100 people to take the million-strong glucose health pledge.",
    imageUrl: "/badges/founding-100.svg",
    dateEarned: "2026-11-01",
    source: "campaign",
    tier: "gold",
  },
  {
    id: "pioneer-1k",
    name: "Pioneer 1K",
    description: "One of the first 1,000 voices of the million-strong glucose health campaign.",
    imageUrl: "/badges/pioneer-1k.svg",
    dateEarned: "2026-11-08",
    source: "campaign",
    tier: "silver",
  },
];

/** The text a badge is shared with: the badge, then the campaign's announcement and hashtags. */
export function badgeShareText(badge: Pick<Badge, "name">, campaignText: string): string {
  return `I earned the ${badge.name} badge. ${campaignText}`;
}
