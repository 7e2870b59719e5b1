import { vi } from "vitest";
import type { CohortHistoryEntry, CurrentCohort } from "@/lib/cohorts/member-cohort-schemas";
import type { SubscriptionStatus } from "@/lib/payments/subscription-schema";
import { makeCohort } from "../enrolment/cohort-fixtures";

export { makeCohort };

/** A stand-in for the browser Supabase client: a signed-in session whose token is "member-token". */
export function fakeSupabase(accessToken: string | null = "member-token") {
  return {
    auth: {
      getSession: vi.fn().mockResolvedValue({ data: { session: accessToken ? { access_token: accessToken } : null }, error: null }),
    },
  };
}

export function makeCurrent(overrides: Partial<CurrentCohort> = {}, cohort: Parameters<typeof makeCohort>[0] = {}): CurrentCohort {
  return {
    // Upcoming by its dates too: the card tells the status from them.
    cohort: makeCohort({
      cohort_name: "January Reset",
      participant_count: 5,
      participant_cap: 20,
      start_cohort_date: "2099-01-10T00:00:00.000Z",
      end_cohort_date: "2099-01-24T00:00:00.000Z",
      ...cohort,
    }),
    role: "participant",
    enrolled_at: "2025-12-01T10:00:00.000Z",
    can_change: false,
    change_deadline: null,
    ...overrides,
  };
}

export function historyEntry(
  overrides: Partial<CohortHistoryEntry> = {},
  cohort: Parameters<typeof makeCohort>[0] = {},
): CohortHistoryEntry {
  return {
    cohort: makeCohort(cohort),
    role: "participant",
    status: "enrolled",
    enrolled_at: "2025-12-01T10:00:00.000Z",
    left_at: null,
    ...overrides,
  };
}

export const activeSubscription: SubscriptionStatus = {
  hasSubscription: true,
  subscription: {
    planName: "Popular",
    status: "active",
    endDate: null,
    currentPeriodEnd: "2099-01-01T00:00:00.000Z",
    cancelAtPeriodEnd: false,
  },
};

export const noSubscription: SubscriptionStatus = { hasSubscription: false, subscription: null };
