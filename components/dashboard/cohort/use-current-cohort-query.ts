"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { COHORT_CARD_LOAD_FAILED } from "@/lib/cohorts/cohort-messages";
import { currentCohortSchema, type CurrentCohort } from "@/lib/cohorts/member-cohort-schemas";
import { memberCohortKeys } from "./member-cohort-query-keys";

export type { CurrentCohort };

/** GET /api/cohorts/user/current: the member's cohort now, or null without a seat. */
export function fetchCurrentCohort(signal?: AbortSignal): Promise<CurrentCohort | null> {
  return apiRequest({
    path: "/api/cohorts/user/current",
    auth: "required",
    schema: currentCohortSchema,
    fallback: COHORT_CARD_LOAD_FAILED,
    signal,
  });
}

export function useCurrentCohortQuery() {
  return useQuery({
    queryKey: memberCohortKeys.current(),
    queryFn: ({ signal }) => fetchCurrentCohort(signal),
  });
}
