import type { MemberBadges } from "@/lib/badges/badges";
import type { CohortHistoryEntry, CurrentCohort } from "@/lib/cohorts/member-cohort-schemas";
import type { SubscriptionStatus } from "@/lib/payments/subscription-schema";
import type { FunnelSeries } from "@/lib/referral/funnel-series";
import type { AffiliateStats } from "@/lib/referral/referral-schemas";
import type { BotSetupProgressResponse } from "@/lib/telegram/bot-setup-schemas";

/**
 * What the dashboard's server render already read for its cards, exactly as their API routes
 * answer it inside `{ data }` (the funnel for the chart's default range). A read that failed is
 * left out: its card asks the API as if nothing had been read. The affiliate link is not among
 * them: its first read makes the member's code and coupon, which is no work for a page render.
 */
export type DashboardInitialData = {
  affiliateStats?: AffiliateStats;
  currentCohort?: CurrentCohort | null;
  cohortHistory?: CohortHistoryEntry[];
  subscription?: SubscriptionStatus;
  badges?: MemberBadges;
  funnel?: FunnelSeries;
  botSetup?: BotSetupProgressResponse;
};
