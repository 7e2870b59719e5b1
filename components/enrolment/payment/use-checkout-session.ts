"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import type { CheckoutSessionRequest } from "@/lib/payments/checkout-schemas";
import { cohortKeys } from "../cohorts/cohort-query-keys";
import { createCheckoutSession } from "./payment-api";

/** Whether a failed checkout was about the cohort (full: 409; started or unknown: 422 on cohortId). */
export function isCohortRejection(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || error.details.some((d) => d.path === "cohortId"));
}

/** Creating a checkout session; a rejected cohort refreshes the cohorts. */
export function useCheckoutSession() {
  const queryClient = useQueryClient();
  const write = useWrite({
    onError: (error) => {
      if (isCohortRejection(error)) void queryClient.invalidateQueries({ queryKey: cohortKeys.all });
    },
  });
  return { ...write, createSession: (request: CheckoutSessionRequest) => write.run(() => createCheckoutSession(request)) };
}
