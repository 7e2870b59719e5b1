import "server-only";
import type { z } from "zod";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { cohortHistorySchema, currentCohortSchema } from "@/lib/cohorts/member-cohort-schemas";
import { subscriptionStatusSchema } from "@/lib/payments/subscription-schema";
import { affiliateStatsSchema } from "@/lib/referral/referral-schemas";
import type { AuthUser } from "../auth/auth-user";
import { cohortHistory, currentCohort } from "../cohorts/member-cohorts";
import { log } from "../log";
import { memberSubscriptionStatus } from "../payments/member-subscription";
import { affiliateStats } from "../referrals/stats";

/** One read, shaped by its route's response schema; a failure is logged and left to the card. */
async function settle<S extends z.ZodType>(name: string, schema: S, read: () => Promise<z.input<S>>): Promise<z.output<S> | undefined> {
  try {
    return schema.parse(await read());
  } catch (error) {
    log.warn("dashboard: initial read failed, the card asks the API", { read: name, error });
    return undefined;
  }
}

/**
 * The signed-in member's data for the dashboard's first screen, read with the same functions and
 * schemas as GET /api/referral/stats, /api/cohorts/user/current, /api/cohorts/user/history and
 * /api/payment/subscription, so the page arrives with its cards filled instead of four requests
 * after the scripts have loaded. Only the member's own rows are read (`user` is the verified
 * session's); the reads run at once.
 */
export async function dashboardInitialData(user: AuthUser): Promise<DashboardInitialData> {
  const [affiliateStatsData, currentCohortData, cohortHistoryData, subscription] = await Promise.all([
    settle("affiliate stats", affiliateStatsSchema, () => affiliateStats(user.id)),
    settle("current cohort", currentCohortSchema, () => currentCohort(user)),
    settle("cohort history", cohortHistorySchema, () => cohortHistory(user)),
    settle("subscription", subscriptionStatusSchema, () => memberSubscriptionStatus(user.id)),
  ]);
  const data: DashboardInitialData = {};
  if (affiliateStatsData !== undefined) data.affiliateStats = affiliateStatsData;
  if (currentCohortData !== undefined) data.currentCohort = currentCohortData;
  if (cohortHistoryData !== undefined) data.cohortHistory = cohortHistoryData;
  if (subscription !== undefined) data.subscription = subscription;
  return data;
}
