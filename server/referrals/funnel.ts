import "server-only";
import { fillFunnelSeries, funnelRangeStart, type FunnelRange, type FunnelSeries } from "@/lib/referrals/funnel-series";
import { dailyFunnelCounts } from "../db/referrals/referrals-stats";

/** GET /api/referral/funnel: the signed-in member's visits, leads and conversions per day. */
export async function affiliateFunnel(userId: string, days: FunnelRange, now = new Date()): Promise<FunnelSeries> {
  const counts = await dailyFunnelCounts(userId, funnelRangeStart(days, now));
  return fillFunnelSeries(counts, days, now);
}
