import { describe, expect, it } from "vitest";
import { funnelQuerySchema } from "@/lib/referrals/funnel-series";
import { fillFunnelSeries, funnelRangeStart } from "@/lib/referrals/funnel-series";

const NOW = new Date("2026-11-25T23:30:00Z");

describe("funnel series", () => {
  it("starts the range days−1 UTC days before today", () => {
    expect(funnelRangeStart(30, NOW).toISOString()).toBe("2026-10-27T00:00:00.000Z");
    expect(funnelRangeStart(90, NOW).toISOString()).toBe("2026-08-28T00:00:00.000Z");
  });

  it("has one point per day, oldest first, today last, zero on quiet days", () => {
    const series = fillFunnelSeries([], 30, NOW);
    expect(series.points).toHaveLength(30);
    expect(series.points[0]).toEqual({ date: "2026-10-27", visitors: 0, leads: 0, conversions: 0 });
    expect(series.points.at(-1)?.date).toBe("2026-11-25");
    expect(series.totals).toEqual({ visitors: 0, leads: 0, conversions: 0 });
  });

  it("adds each count to its day and metric and drops days outside the range", () => {
    const series = fillFunnelSeries(
      [
        { date: "2026-11-25", metric: "visitors", count: 4 },
        { date: "2026-11-25", metric: "leads", count: 2 },
        { date: "2026-11-01", metric: "conversions", count: 1 },
        { date: "2026-10-26", metric: "visitors", count: 9 },
        { date: "2026-11-26", metric: "visitors", count: 9 },
      ],
      30,
      NOW,
    );
    expect(series.points.at(-1)).toEqual({ date: "2026-11-25", visitors: 4, leads: 2, conversions: 0 });
    expect(series.points.find((point) => point.date === "2026-11-01")?.conversions).toBe(1);
    expect(series.totals).toEqual({ visitors: 4, leads: 2, conversions: 1 });
  });

  it("reads days=30 or 90 from the query, defaults to 30 and refuses anything else", () => {
    expect(funnelQuerySchema.parse({})).toEqual({ days: 30 });
    expect(funnelQuerySchema.parse({ days: "90" })).toEqual({ days: 90 });
    for (const days of ["7", "abc", "", "90 ", "030"]) expect(funnelQuerySchema.safeParse({ days }).success, days).toBe(false);
  });
});
