"use client";

import { useQuery } from "@tanstack/react-query";
import { COHORT_CARD_LOAD_FAILED } from "@/lib/dashboard/cohort-messages";
import { cohortHistorySchema, type CohortHistoryEntry } from "@/lib/dashboard/member-cohort";
import { memberCohortKeys } from "./keys";
import { memberRequest, parseOrThrow } from "./member-request";

export type { CohortHistoryEntry };

/** GET /api/cohorts/user/history: every cohort the member joined, newest first. */
export async function fetchCohortHistory(signal?: AbortSignal): Promise<CohortHistoryEntry[]> {
  const data = await memberRequest("/api/cohorts/user/history", { fallback: COHORT_CARD_LOAD_FAILED, signal });
  return parseOrThrow(cohortHistorySchema, data, COHORT_CARD_LOAD_FAILED);
}

export function useCohortHistoryQuery() {
  return useQuery({
    queryKey: memberCohortKeys.history(),
    queryFn: ({ signal }) => fetchCohortHistory(signal),
  });
}
