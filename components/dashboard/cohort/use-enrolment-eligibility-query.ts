"use client";

import { useQuery } from "@tanstack/react-query";
import { eligibilitySchema, type Eligibility } from "@/lib/dashboard/member-cohort";
import { memberCohortKeys } from "./keys";
import { memberRequest, parseOrThrow } from "./member-request";

export type { Eligibility };

const ELIGIBILITY_FAILED = "Failed to check eligibility";

/** GET /api/cohorts/{id}/eligibility: may the member take or move a seat in this cohort. */
export async function fetchEligibility(cohortId: string, signal?: AbortSignal): Promise<Eligibility> {
  const data = await memberRequest(`/api/cohorts/${encodeURIComponent(cohortId)}/eligibility`, { fallback: ELIGIBILITY_FAILED, signal });
  return parseOrThrow(eligibilitySchema, data, ELIGIBILITY_FAILED);
}

/** Asked only while `cohortId` is known (null leaves the query idle). */
export function useEnrolmentEligibilityQuery(cohortId: string | null) {
  return useQuery({
    queryKey: memberCohortKeys.eligibility(cohortId ?? ""),
    queryFn: ({ signal }) => fetchEligibility(cohortId ?? "", signal),
    enabled: cohortId !== null,
  });
}
