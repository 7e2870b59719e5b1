"use client";

import { useQuery } from "@tanstack/react-query";
import { COHORT_CARD_LOAD_FAILED } from "@/lib/dashboard/cohort-messages";
import { currentCohortSchema, type CurrentCohort } from "@/lib/dashboard/member-cohort";
import { memberCohortKeys } from "./keys";
import { memberRequest, parseOrThrow } from "./member-request";

export type { CurrentCohort };

/** GET /api/cohorts/user/current: the member's cohort now, or null without a seat. */
export async function fetchCurrentCohort(signal?: AbortSignal): Promise<CurrentCohort | null> {
  const data = await memberRequest("/api/cohorts/user/current", { fallback: COHORT_CARD_LOAD_FAILED, signal });
  return parseOrThrow(currentCohortSchema, data, COHORT_CARD_LOAD_FAILED);
}

export function useCurrentCohortQuery() {
  return useQuery({
    queryKey: memberCohortKeys.current(),
    queryFn: ({ signal }) => fetchCurrentCohort(signal),
  });
}
