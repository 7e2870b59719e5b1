import type { MemberProfile } from "@/lib/auth/member-profile-schema";
import type { CohortHistoryEntry, CurrentCohort } from "@/lib/cohorts/member-cohort-schemas";
import type { BotSetupProgressResponse } from "@/lib/telegram/bot-setup-schemas";
import type { SubscriptionStatus } from "@/lib/payments/subscription-schema";
import type { AffiliateStats } from "@/lib/referrals/referral-schemas";

/**
 * What the dashboard's server render already read for the cards on the member's first screen (the
 * stat cards, the cohort card, and the coach bot walkthrough, which may come first), exactly as their
 * API routes answer it inside `{ data }`. A read that failed is left out: its card asks the API as
 * if nothing had been read. The cards further down (badges, chart, link) ask for theirs once the
 * page is up. The affiliate link is
 * never read here: its first read makes the member's code and coupon, no work for a page render.
 */
export type DashboardInitialData = {
  affiliateStats?: AffiliateStats;
  currentCohort?: CurrentCohort | null;
  cohortHistory?: CohortHistoryEntry[];
  subscription?: SubscriptionStatus;
  /** The coach bot walkthrough's progress, so the walkthrough can arrive first and filled. */
  botSetup?: BotSetupProgressResponse;
  /** The member's account row, for the time zone their day counts are told in (D19). */
  profile?: MemberProfile;
};
