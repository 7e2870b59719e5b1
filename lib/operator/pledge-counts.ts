import { BADGE_TIERS, badgeForPledgeNumber, type BadgeTier } from "@/lib/campaign/badge-tier";
import { firstParam, type SearchParams } from "@/lib/search-params";

// D17, Campaign: confirmed pledges per UTC day and badge tier over the last 30 or 90 days, and
// all of them by tier. A pledge's day is the UTC day it was confirmed (numbered); its tier follows
// its number (SPEC §9).

export const PLEDGE_RANGES = [30, 90] as const;
export type PledgeRange = (typeof PLEDGE_RANGES)[number];

/** `?days=30|90`; anything else is the default 30 days. */
export function parsePledgeRange(params: SearchParams): PledgeRange {
  return firstParam(params, "days") === "90" ? 90 : 30;
}

/** Each tier by its badge's name: Founding 100, Pioneer 1K, Trailblazer 10K, Pledge Taker. */
export const PLEDGE_TIER_LABELS: Record<BadgeTier, string> = {
  gold: badgeForPledgeNumber(100).name,
  silver: badgeForPledgeNumber(1_000).name,
  bronze: badgeForPledgeNumber(10_000).name,
  other: badgeForPledgeNumber(10_001).name,
};

export type TierCounts = Record<BadgeTier, number> & { total: number };

/** One stored count: the pledges of a UTC day ("2026-11-29") in one tier. */
export type PledgeDayCount = { day: string; tier: BadgeTier; pledges: number };

export type PledgeDay = { day: string } & TierCounts;

export type PledgeCounts = {
  days: PledgeRange;
  /** The first and last UTC day shown (the last is today). */
  from: string;
  to: string;
  /** Every day of the range, newest first, days without pledges included. */
  series: PledgeDay[];
  /** The range's pledges by tier. */
  range: TierCounts;
  /** Every confirmed pledge by tier. */
  allTime: TierCounts;
};

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days a range covers: the last `days` days, today (UTC) the last of them. */
export function pledgeRangeDays(days: PledgeRange, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: utcDay(today - (days - 1) * DAY_MS), to: utcDay(today) };
}

export function emptyTierCounts(): TierCounts {
  return { gold: 0, silver: 0, bronze: 0, other: 0, total: 0 };
}

function add(counts: TierCounts, tier: BadgeTier, pledges: number): void {
  counts[tier] += pledges;
  counts.total += pledges;
}

/** Stored counts summed by tier. */
export function tierTotals(rows: readonly Pick<PledgeDayCount, "tier" | "pledges">[]): TierCounts {
  const totals = emptyTierCounts();
  for (const row of rows) if ((BADGE_TIERS as readonly string[]).includes(row.tier)) add(totals, row.tier, row.pledges);
  return totals;
}

/** The range's days, newest first, with each day's counts by tier (0 where none was stored). */
export function pledgeDaySeries(rows: readonly PledgeDayCount[], range: { from: string; to: string }): PledgeDay[] {
  const byDay = new Map<string, TierCounts>();
  for (const row of rows) {
    if (row.day < range.from || row.day > range.to) continue;
    const counts = byDay.get(row.day) ?? emptyTierCounts();
    add(counts, row.tier, row.pledges);
    byDay.set(row.day, counts);
  }
  const series: PledgeDay[] = [];
  const first = Date.parse(`${range.from}T00:00:00Z`);
  for (let at = Date.parse(`${range.to}T00:00:00Z`); at >= first; at -= DAY_MS) {
    const day = utcDay(at);
    series.push({ day, ...(byDay.get(day) ?? emptyTierCounts()) });
  }
  return series;
}
