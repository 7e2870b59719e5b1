"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/components/api/api-request";
import { SUBSCRIPTION_LOAD_FAILED } from "@/lib/cohorts/cohort-messages";
import { subscriptionStatusSchema, type SubscriptionStatus } from "@/lib/payments/subscription-schema";
import { subscriptionKeys } from "./subscription-query-keys";

export type { SubscriptionStatus };

// SPEC §7 Caching: subscription 5 min with 2 retries.
export const SUBSCRIPTION_STALE_TIME_MS = 5 * 60_000;
export const SUBSCRIPTION_RETRIES = 2;

/** GET /api/payment/subscription: hasSubscription and subscription. */
export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return apiRequest({
    path: "/api/payment/subscription",
    auth: "required",
    schema: subscriptionStatusSchema,
    fallback: SUBSCRIPTION_LOAD_FAILED,
    signal,
  });
}

export function useSubscriptionQuery() {
  return useQuery({
    queryKey: subscriptionKeys.status(),
    queryFn: ({ signal }) => fetchSubscription(signal),
    staleTime: SUBSCRIPTION_STALE_TIME_MS,
    retry: SUBSCRIPTION_RETRIES,
  });
}
