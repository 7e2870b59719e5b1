import "server-only";
import { pledgeDaySeries, pledgeRangeDays, tierTotals, type PledgeCounts, type PledgeRange } from "@/lib/operator/pledge-counts";
import { listPledgeDayCounts, listPledgeTierTotals } from "../db/campaign/campaign-pledge-days";

/**
 * D17, Campaign: confirmed pledges per UTC day and tier over the last `days` days (today, UTC,
 * the last), the range's totals and every pledge's by tier. Read from the per-day counts the
 * database keeps with each pledge: two small reads, however many pledges there are.
 */
export async function pledgeCounts(days: PledgeRange, now = new Date()): Promise<PledgeCounts> {
  const range = pledgeRangeDays(days, now);
  const [dayCounts, allTime] = await Promise.all([listPledgeDayCounts(range.from, range.to), listPledgeTierTotals()]);
  return { days, ...range, series: pledgeDaySeries(dayCounts, range), range: tierTotals(dayCounts), allTime: tierTotals(allTime) };
}
