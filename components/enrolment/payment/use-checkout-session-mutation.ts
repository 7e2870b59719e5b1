"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api/api-request-error";
import { cohortKeys } from "../cohorts/cohort-query-keys";
import { createCheckoutSession } from "./create-checkout-session";

/** Whether a failed checkout was about the cohort (full: 409; started or unknown: 422 on cohortId). */
export function isCohortRejection(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || error.details.some((d) => d.path === "cohortId"));
}

/** Creating a checkout session; a rejected cohort refreshes the cohorts. */
export function useCheckoutSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSession,
    onError: (error) => {
      if (isCohortRejection(error)) void queryClient.invalidateQueries({ queryKey: cohortKeys.all });
    },
  });
}
