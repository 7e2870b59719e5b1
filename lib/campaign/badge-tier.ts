// SPEC §9 Campaign: badge tiers by pledge number.
export type BadgeTier = "gold" | "silver" | "bronze" | "standard";

export type PledgeBadge = { tier: BadgeTier; name: string };

const TIERS: readonly { upTo: number; badge: PledgeBadge }[] = [
  { upTo: 100, badge: { tier: "gold", name: "Founding 100" } },
  { upTo: 1_000, badge: { tier: "silver", name: "Pioneer 1K" } },
  { upTo: 10_000, badge: { tier: "bronze", name: "Trailblazer 10K" } },
];

const STANDARD: PledgeBadge = { tier: "standard", name: "Pledge Taker" };

/** The badge a pledge earns: up to 100 gold, up to 1,000 silver, up to 10,000 bronze, else standard. */
export function badgeForPledgeNumber(pledgeNumber: number): PledgeBadge {
  if (!Number.isInteger(pledgeNumber) || pledgeNumber < 1) throw new RangeError("A pledge number is a whole number from 1.");
  return TIERS.find((t) => pledgeNumber <= t.upTo)?.badge ?? STANDARD;
}

/** "#1,234" as the badge shows it. */
export function formatPledgeNumber(pledgeNumber: number): string {
  return `#${pledgeNumber.toLocaleString("en-US")}`;
}
