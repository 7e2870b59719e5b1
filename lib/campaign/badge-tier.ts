// SPEC §3 Badge: a badge's tier is gold, silver, bronze or other. SPEC §9 calls the last one the
// standard tier (Pledge Taker); it is the same tier, so it has the one value.
export const BADGE_TIERS = ["gold", "silver", "bronze", "other"] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

export type PledgeBadge = { tier: BadgeTier; name: string };

const TIERS: readonly { upTo: number; badge: PledgeBadge }[] = [
  { upTo: 100, badge: { tier: "gold", name: "Founding 100" } },
  { upTo: 1_000, badge: { tier: "silver", name: "Pioneer 1K" } },
  { upTo: 10_000, badge: { tier: "bronze", name: "Trailblazer 10K" } },
];

const STANDARD: PledgeBadge = { tier: "other", name: "Pledge Taker" };

/** The badge a pledge earns: up to 100 gold, up to 1,000 silver, up to 10,000 bronze, else the standard tier (other). */
export function badgeForPledgeNumber(pledgeNumber: number): PledgeBadge {
  if (!Number.isInteger(pledgeNumber) || pledgeNumber < 1) throw new RangeError("A pledge number is a whole number from 1.");
  return TIERS.find((t) => pledgeNumber <= t.upTo)?.badge ?? STANDARD;
}

/** "#1,234" as the badge shows it. */
export function formatPledgeNumber(pledgeNumber: number): string {
  return `#${pledgeNumber.toLocaleString("en-US")}`;
}
