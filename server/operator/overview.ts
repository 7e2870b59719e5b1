import "server-only";
import { DISAGREEING_ORDERS_SHOWN } from "@/lib/operator/health";
import {
  LAPSING_OFFER_HOURS,
  NEXT_COHORTS_SHOWN,
  SALES_WINDOWS,
  type MoneyTotal,
  type OperatorOverview,
  type SalesFigures,
} from "@/lib/operator/overview";
import { pledgeRangeDays, tierTotals } from "@/lib/operator/pledge-counts";
import { listPledgeDayCounts } from "../db/campaign/campaign-pledge-days";
import { countUnsentEmails } from "../db/operator/health-emails";
import { countJobsNeedingAttention } from "../db/operator/health-jobs";
import { listDisagreeingOrders } from "../db/operator/health-orders";
import {
  countLapsingOffers,
  countStoriesToReview,
  lapsingOffersByCohort,
  refundsByWindow,
  salesByWindow,
} from "../db/operator/operator-overview";
import { listCohortsTakingSeats } from "../db/operator/operator-cohorts";
import { queueHealth } from "./health-overview";

// D17: the operator area's home page. The Health page's own reads give the job, email and Stripe
// counts (so both pages say the same), the cohort list's seat counts give the fill, and the
// campaign's per-day counts give today's pledges.

/** How many cohorts with lapsing offers are named one by one (the total counts them all). */
const LAPSING_COHORTS_SHOWN = 5;

/** Amounts per currency, largest first, leaving out those that sum to nothing. */
function totals(rows: readonly MoneyTotal[]): MoneyTotal[] {
  return rows
    .filter((row) => row.cents > 0)
    .map((row) => ({ currency: row.currency, cents: row.cents }))
    .sort((a, b) => b.cents - a.cents);
}

export async function operatorOverview(now = new Date()): Promise<OperatorOverview> {
  const today = pledgeRangeDays(30, now).to;
  const [
    queues,
    jobsNeedingAttention,
    unsentEmails,
    orderRows,
    storiesToReview,
    lapsingCohorts,
    lapsingTotal,
    sales,
    refunds,
    cohorts,
    pledgeRows,
  ] = await Promise.all([
    queueHealth(),
    countJobsNeedingAttention(),
    countUnsentEmails(),
    listDisagreeingOrders(DISAGREEING_ORDERS_SHOWN + 1),
    countStoriesToReview(),
    lapsingOffersByCohort(LAPSING_OFFER_HOURS, LAPSING_COHORTS_SHOWN),
    countLapsingOffers(LAPSING_OFFER_HOURS),
    salesByWindow([...SALES_WINDOWS]),
    refundsByWindow([...SALES_WINDOWS]),
    listCohortsTakingSeats(),
    listPledgeDayCounts(today, today),
  ]);
  // As the Health page counts them: up to DISAGREEING_ORDERS_SHOWN of each kind are read.
  const shown = { pending_too_long: 0, subscription_missing: 0 };
  const disagreeing = orderRows.filter((order) => ++shown[order.problem] <= DISAGREEING_ORDERS_SHOWN).length;
  const salesFigures: SalesFigures[] = SALES_WINDOWS.map((days) => {
    const inWindow = sales.filter((row) => row.days === days);
    return {
      days,
      seats: inWindow.reduce((sum, row) => sum + row.seats, 0),
      revenue: totals(inWindow),
      refunded: totals(refunds.filter((row) => row.days === days)),
    };
  });
  return {
    attention: {
      failedJobs: queues.reduce((sum, queue) => sum + queue.failed, 0),
      jobsNeedingAttention,
      unsentEmails,
      disagreeingOrders: { count: disagreeing, more: disagreeing < orderRows.length },
      storiesToReview,
      lapsingOffers: { total: lapsingTotal, cohorts: lapsingCohorts },
    },
    sales: salesFigures,
    // Upcoming cohorts in the order they start (those with no start date yet last).
    nextCohorts: cohorts.filter((cohort) => cohort.status === "upcoming").slice(0, NEXT_COHORTS_SHOWN),
    pledgesToday: { day: today, pledges: tierTotals(pledgeRows).total },
  };
}
