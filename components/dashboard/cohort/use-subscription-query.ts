"use client";

import { useQuery } from "@tanstack/react-query";
import { SUBSCRIPTION_LOAD_FAILED } from "@/lib/dashboard/cohort-messages";
import { subscriptionStatusSchema, type SubscriptionStatus } from "@/lib/dashboard/subscription-display";
import { subscriptionKeys } from "./keys";
import { memberRequest, parseOrThrow } from "./member-request";

export type { SubscriptionStatus };

// SPEC §7 Caching: subscription 5 min with 2 retries.
export const SUBSCRIPTION_STALE_TIME_MS = 5 * 60_000;
export const SUBSCRIPTION_RETRIES = 2;

/** GET /api/payment/subscription: hasSubscription and subscription. */
export async function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const data = await memberRequest("/api/payment/subscription", { fallback: SUBSCRIPTION_LOAD_FAILED, signal });
  return parseOrThrow(subscriptionStatusSchema, data, SUBSCRIPTION_LOAD_FAILED);
}

export function useSubscriptionQuery() {
  return useQuery({
    queryKey: subscriptionKeys.status(),
    queryFn: ({ signal }) => fetchSubscription(signal),
    staleTime: SUBSCRIPTION_STALE_TIME_MS,
    retry: SUBSCRIPTION_RETRIES,
  });
}
