"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { cohortKeys } from "@/components/enrolment/cohorts/cohort-query-keys";
import { enrolInCohort } from "./cohort-api";
import { memberCohortKeys } from "./member-cohort-query-keys";

/**
 * A seat that moved changes the member's current cohort and history, and both
 * cohorts' counts. A refusal may mean the list or the member's change window is stale: a full
 * cohort (409) refreshes the cohorts, a closed window (403) the member's cohort.
 */
export function useEnrol() {
  const queryClient = useQueryClient();
  const write = useWrite({
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return;
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: cohortKeys.all });
      if (error.status === 403) void queryClient.invalidateQueries({ queryKey: memberCohortKeys.all });
    },
  });
  const enrol = (cohortId: string) =>
    write.run(async () => {
      const result = await enrolInCohort(cohortId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberCohortKeys.all }),
        queryClient.invalidateQueries({ queryKey: cohortKeys.all }),
      ]);
      return result;
    });
  return { ...write, enrol };
}
