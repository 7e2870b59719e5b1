"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { cohortKeys } from "@/components/enrolment/cohorts/cohort-query-keys";
import { enrolmentResultSchema, type EnrolmentResult } from "@/lib/cohorts/member-cohort-schemas";
import { memberCohortKeys } from "./member-cohort-query-keys";

export type { EnrolmentResult };

const ENROL_FAILED = "Failed to enrol in this cohort. Please try again.";

/** POST /api/cohorts/{id}/enroll: takes a seat for a paid plan, or moves the member's seat there. */
export function enrolInCohort(cohortId: string): Promise<EnrolmentResult> {
  return apiRequest({
    method: "POST",
    path: `/api/cohorts/${encodeURIComponent(cohortId)}/enroll`,
    auth: "required",
    schema: enrolmentResultSchema,
    fallback: ENROL_FAILED,
  });
}

/**
 * A seat that moved changes the member's current cohort and history, and both
 * cohorts' counts. A refusal may mean the list or the member's change window is stale: a full
 * cohort (409) refreshes the cohorts, a closed window (403) the member's cohort.
 */
export function useEnrolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolInCohort,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberCohortKeys.all }),
        queryClient.invalidateQueries({ queryKey: cohortKeys.all }),
      ]);
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return;
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: cohortKeys.all });
      if (error.status === 403) void queryClient.invalidateQueries({ queryKey: memberCohortKeys.all });
    },
  });
}
