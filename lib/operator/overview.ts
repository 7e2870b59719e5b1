import type { OperatorCohort } from "./operator-cohort-schemas";

// D17: the operator area's home page. What needs someone's attention now, each a count with the
// list that shows it, and how the business is doing, each figure linked to its list.

/** The windows sales are summed over, in days back from now ("Last 7 days", "Last 30 days"). */
export const SALES_WINDOWS = [7, 30] as const;
export type SalesWindow = (typeof SALES_WINDOWS)[number];

/** How many of the cohorts to start next are shown. */
export const NEXT_COHORTS_SHOWN = 5;

/** A waitlist offer counts as lapsing when its held place is let go within this many hours. */
export const LAPSING_OFFER_HOURS = 24;

/** An amount in one currency (orders name their own; a sum never mixes two). */
export type MoneyTotal = { currency: string; cents: number };

export type SalesFigures = {
  days: SalesWindow;
  /** Orders paid in the window (an order is one seat), whatever happened to them since. */
  seats: number;
  /** What those orders were paid, before refunds. */
  revenue: MoneyTotal[];
  /** Refunds completed at Stripe in the window, whichever order they were of. */
  refunded: MoneyTotal[];
};

export type LapsingOffers = { cohortId: string; cohortName: string; offers: number };

export type OverviewAttention = {
  /** Jobs that gave up (every queue). */
  failedJobs: number;
  /** Jobs failing three times or more in a row, still retried. */
  jobsNeedingAttention: number;
  unsentEmails: { queued: number; failed: number };
  /** Orders that disagree with Stripe; `more` when there are more than were read. */
  disagreeingOrders: { count: number; more: boolean };
  storiesToReview: number;
  /** Offers lapsing within LAPSING_OFFER_HOURS, by cohort (soonest first), and their total. */
  lapsingOffers: { total: number; cohorts: LapsingOffers[] };
};

export type OperatorOverview = {
  attention: OverviewAttention;
  sales: SalesFigures[];
  nextCohorts: OperatorCohort[];
  /** Confirmed pledges of today (UTC) and the day they are counted on. */
  pledgesToday: { day: string; pledges: number };
};

/** Whether any figure of `attention` asks for someone to act. */
export function needsAttention(attention: OverviewAttention): boolean {
  return (
    attention.failedJobs +
      attention.jobsNeedingAttention +
      attention.unsentEmails.queued +
      attention.unsentEmails.failed +
      attention.disagreeingOrders.count +
      attention.storiesToReview +
      attention.lapsingOffers.total >
    0
  );
}
