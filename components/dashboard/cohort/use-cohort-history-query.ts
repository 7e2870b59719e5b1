"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { COHORT_CARD_LOAD_FAILED } from "@/lib/cohorts/cohort-messages";
import { cohortHistorySchema, type CohortHistoryEntry } from "@/lib/cohorts/member-cohort-schemas";
import { memberCohortKeys } from "./member-cohort-query-keys";

export type { CohortHistoryEntry };

/** GET /api/cohorts/user/history: every cohort the member joined, newest first. */
export function fetchCohortHistory(signal?: AbortSignal): Promise<CohortHistoryEntry[]> {
  return apiRequest({
    path: "/api/cohorts/user/history",
    auth: "required",
    schema: cohortHistorySchema,
    fallback: COHORT_CARD_LOAD_FAILED,
    signal,
  });
}

export function useCohortHistoryQuery() {
  return useQuery({
    queryKey: memberCohortKeys.history(),
    queryFn: ({ signal }) => fetchCohortHistory(signal),
  });
}
