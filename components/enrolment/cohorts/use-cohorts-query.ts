"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiRequestError } from "@/components/query/api-error";
import { parseCohortList, type Cohort } from "@/lib/enrolment/cohort";
import { COHORTS_LOAD_FAILED } from "@/lib/enrolment/enrolment-messages";
import { cohortKeys } from "./keys";

export type { Cohort };

export const COHORTS_LANGUAGE = "en";

/** GET /api/cohorts?language=: the upcoming cohorts, soonest first (public). */
export async function fetchCohorts(language: string, signal?: AbortSignal): Promise<Cohort[]> {
  const response = await fetch(`/api/cohorts?language=${encodeURIComponent(language)}`, {
    headers: { accept: "application/json" },
    signal,
  });
  if (!response.ok) throw await apiRequestError(response, COHORTS_LOAD_FAILED);
  const cohorts = parseCohortList(await response.json().catch(() => null));
  if (!cohorts) throw new ApiRequestError(COHORTS_LOAD_FAILED, response.status);
  return cohorts;
}

export function useCohortsQuery(language: string = COHORTS_LANGUAGE) {
  return useQuery({
    queryKey: cohortKeys.list(language),
    queryFn: ({ signal }) => fetchCohorts(language, signal),
  });
}
