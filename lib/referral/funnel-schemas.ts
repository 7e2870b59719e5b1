import { z } from "zod";
import { DEFAULT_FUNNEL_RANGE, FUNNEL_RANGES, type FunnelRange } from "./funnel-series";

/** GET /api/referral/funnel?days=30|90 (anything else is refused, not guessed). */
export const funnelQuerySchema = z.object({
  days: z
    .enum(FUNNEL_RANGES.map(String) as ["30", "90"], { error: "days must be 30 or 90" })
    .optional()
    .transform((days): FunnelRange => (days ? (Number(days) as FunnelRange) : DEFAULT_FUNNEL_RANGE)),
});

const isoDate = z.iso.date();
const count = z.number().int().nonnegative();

export const funnelPointSchema = z.object({ date: isoDate, visitors: count, leads: count, conversions: count });
export type FunnelPoint = z.infer<typeof funnelPointSchema>;

export const funnelSeriesSchema = z.object({
  days: z.union([z.literal(30), z.literal(90)]),
  /** One point per UTC day, oldest first, the last one today. */
  points: z.array(funnelPointSchema),
  totals: z.object({ visitors: count, leads: count, conversions: count }),
});
export type FunnelSeries = z.infer<typeof funnelSeriesSchema>;
