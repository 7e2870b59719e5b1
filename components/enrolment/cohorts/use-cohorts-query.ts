"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { COHORTS_LOAD_FAILED } from "@/lib/enrolment/enrolment-messages";
import { cohortListSchema, type Cohort } from "@/lib/cohorts/cohort-schemas";
import { cohortKeys } from "./cohort-query-keys";

export type { Cohort };

export const COHORTS_LANGUAGE = "en";

/** GET /api/cohorts?language=: the upcoming cohorts, soonest first (public). */
export function fetchCohorts(language: string, signal?: AbortSignal): Promise<Cohort[]> {
  return apiRequest({
    path: `/api/cohorts?language=${encodeURIComponent(language)}`,
    schema: cohortListSchema,
    fallback: COHORTS_LOAD_FAILED,
    signal,
  });
}

export function useCohortsQuery(language: string = COHORTS_LANGUAGE) {
  return useQuery({
    queryKey: cohortKeys.list(language),
    queryFn: ({ signal }) => fetchCohorts(language, signal),
  });
}
