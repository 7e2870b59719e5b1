import * as z from "zod/mini";

// The dashboard's funnel chart: visits, leads and conversions per day over the last 30 or 90 days.

export const FUNNEL_RANGES = [30, 90] as const;
export type FunnelRange = (typeof FUNNEL_RANGES)[number];
export const DEFAULT_FUNNEL_RANGE: FunnelRange = 30;

/** GET /api/referral/funnel?days=30|90 (anything else is refused, not guessed). */
export const funnelQuerySchema = z.object({
  days: z.pipe(
    z.optional(z.enum(FUNNEL_RANGES.map(String) as ["30", "90"], { error: "days must be 30 or 90" })),
    z.transform((days): FunnelRange => (days ? (Number(days) as FunnelRange) : DEFAULT_FUNNEL_RANGE)),
  ),
});

const isoDate = z.iso.date();
const count = z.int().check(z.nonnegative());

export const funnelPointSchema = z.object({ date: isoDate, visitors: count, leads: count, conversions: count });
export type FunnelPoint = z.infer<typeof funnelPointSchema>;

export const funnelSeriesSchema = z.object({
  days: z.union([z.literal(30), z.literal(90)]),
  /** One point per UTC day, oldest first, the last one today. */
  points: z.array(funnelPointSchema),
  totals: z.object({ visitors: count, leads: count, conversions: count }),
});
export type FunnelSeries = z.infer<typeof funnelSeriesSchema>;

export type FunnelMetric = "visitors" | "leads" | "conversions";
export type DailyCount = { date: string; metric: FunnelMetric; count: number };

const DAY_MS = 86_400_000;

/** "2026-11-25" for the UTC day of `at`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The first UTC day the range covers: `days` days ending today. */
export function funnelRangeStart(days: FunnelRange, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Spreads per-day counts over every day of the range, with zeros for quiet days; counts outside the range are dropped. */
export function fillFunnelSeries(counts: readonly DailyCount[], days: FunnelRange, now: Date): FunnelSeries {
  const start = funnelRangeStart(days, now).getTime();
  const points: FunnelPoint[] = Array.from({ length: days }, (_, index) => ({
    date: utcDay(new Date(start + index * DAY_MS)),
    visitors: 0,
    leads: 0,
    conversions: 0,
  }));
  const byDate = new Map(points.map((point) => [point.date, point]));
  const totals = { visitors: 0, leads: 0, conversions: 0 };
  for (const { date, metric, count } of counts) {
    const point = byDate.get(date);
    if (!point) continue;
    point[metric] += count;
    totals[metric] += count;
  }
  return { days, points, totals };
}
