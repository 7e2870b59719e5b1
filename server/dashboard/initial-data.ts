import "server-only";
import type * as z from "zod/mini";
import { memberProfileSchema } from "@/lib/auth/member-profile-schema";
import { cohortHistorySchema, currentCohortSchema } from "@/lib/cohorts/member-cohort-schemas";
import type { DashboardInitialData } from "@/lib/dashboard/initial-data";
import { subscriptionStatusSchema } from "@/lib/payments/subscription-schema";
import { affiliateStatsSchema } from "@/lib/referrals/referral-schemas";
import { botSetupProgressSchema } from "@/lib/telegram/bot-setup-schemas";
import { memberProfile } from "../accounts/member-profile";
import type { AuthUser } from "../auth/auth-user";
import { cohortHistoryFrom, currentCohortFrom } from "../cohorts/member-cohorts";
import { listMemberSeats, type MemberSeat } from "../db/cohorts/member-seats";
import { log } from "../log";
import { memberSubscriptionStatus } from "../payments/member-subscription";
import { affiliateStats } from "../referrals/stats";
import { botSetupProgress } from "../telegram/member-telegram";

/** One render's reads: the member, and their seats read once for the cohort card and its history. */
type ReadContext = { user: AuthUser; seats: Promise<MemberSeat[]> };
type Read<S extends z.ZodMiniType> = { schema: S; read: (context: ReadContext) => Promise<z.input<S>> };
type Reads = { [K in keyof DashboardInitialData]-?: Read<z.ZodMiniType<DashboardInitialData[K]>> };

/** Each card's read: its route's function and response schema (GET /api/referral/stats, ...). */
const READS: Reads = {
  affiliateStats: { schema: affiliateStatsSchema, read: ({ user }) => affiliateStats(user.id) },
  currentCohort: { schema: currentCohortSchema, read: async ({ seats }) => currentCohortFrom(await seats) },
  cohortHistory: { schema: cohortHistorySchema, read: async ({ seats }) => cohortHistoryFrom(await seats) },
  subscription: { schema: subscriptionStatusSchema, read: ({ user }) => memberSubscriptionStatus(user.id) },
  botSetup: { schema: botSetupProgressSchema, read: ({ user }) => botSetupProgress(user) },
  profile: { schema: memberProfileSchema, read: ({ user }) => memberProfile(user) },
};

/**
 * The signed-in member's data for the dashboard's first screen, read with the same functions and
 * schemas as their API routes, so the page arrives with those cards filled instead of asking for
 * them once its scripts have loaded. Only the member's own rows are read (`user` is the verified
 * session's); the reads run at once (the member's seats once for two cards), and one that fails is
 * logged and left to its card.
 */
export async function dashboardInitialData(user: AuthUser): Promise<DashboardInitialData> {
  const seats = listMemberSeats(user.id);
  // Awaited by its readers; a failure here is theirs to log, not an unhandled rejection.
  seats.catch(() => {});
  const entries = await Promise.all(
    Object.entries(READS).map(async ([name, { schema, read }]) => {
      try {
        return [[name, schema.parse(await read({ user, seats }))]];
      } catch (error) {
        log.warn("dashboard: initial read failed, the card asks the API", { read: name, error });
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat()) as DashboardInitialData;
}
