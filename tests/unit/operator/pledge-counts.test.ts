import { describe, expect, it } from "vitest";
import { parsePledgeRange, pledgeDaySeries, pledgeRangeDays, PLEDGE_TIER_LABELS, tierTotals } from "@/lib/operator/pledge-counts";

describe("the operator's pledge counts", () => {
  it("cover the last 30 or 90 UTC days, today (UTC) the last, whatever the hour", () => {
    expect(pledgeRangeDays(30, new Date("2026-03-01T00:00:00Z"))).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(pledgeRangeDays(30, new Date("2026-02-28T23:59:59.999Z"))).toEqual({ from: "2026-01-30", to: "2026-02-28" });
    expect(pledgeRangeDays(90, new Date("2026-03-01T12:00:00+09:00"))).toEqual({ from: "2025-12-02", to: "2026-03-01" });
  });

  it("read ?days=90, and 30 for anything else", () => {
    expect(parsePledgeRange({ days: "90" })).toBe(90);
    expect(parsePledgeRange({ days: ["90", "30"] })).toBe(90);
    for (const days of [undefined, "30", "7", "-90", "90 ", "1e9"]) expect(parsePledgeRange({ days })).toBe(30);
  });

  it("list every day of the range newest first, with 0 where no pledge was made, and sum the tiers", () => {
    const series = pledgeDaySeries(
      [
        { day: "2026-03-01", tier: "gold", pledges: 2 },
        { day: "2026-03-01", tier: "silver", pledges: 1 },
        { day: "2026-02-27", tier: "other", pledges: 5 },
        { day: "2026-02-01", tier: "gold", pledges: 9 }, // outside the range
      ],
      { from: "2026-02-26", to: "2026-03-01" },
    );
    expect(series).toEqual([
      { day: "2026-03-01", gold: 2, silver: 1, bronze: 0, other: 0, total: 3 },
      { day: "2026-02-28", gold: 0, silver: 0, bronze: 0, other: 0, total: 0 },
      { day: "2026-02-27", gold: 0, silver: 0, bronze: 0, other: 5, total: 5 },
      { day: "2026-02-26", gold: 0, silver: 0, bronze: 0, other: 0, total: 0 },
    ]);
    expect(
      tierTotals([
        { tier: "gold", pledges: 100 },
        { tier: "bronze", pledges: 7 },
        { tier: "gold", pledges: 0 },
      ]),
    ).toEqual({ gold: 100, silver: 0, bronze: 7, other: 0, total: 107 });
  });

  it("name each tier by its badge (SPEC §9)", () => {
    expect(PLEDGE_TIER_LABELS).toEqual({ gold: "Founding 100", silver: "Pioneer 1K", bronze: "Trailblazer 10K", other: "Pledge Taker" });
  });
});
