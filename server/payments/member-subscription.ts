import "server-only";
import type { SubscriptionStatus } from "@/lib/payments/subscription-schema";
import { getMemberSubscription } from "../db/payments/subscriptions";

/**
 * SPEC §3/§4 Subscription: hasSubscription is true while the subscription still gives access.
 * endDate is when access ends: the end of the paid period when cancelling there, the scheduled
 * cancellation, or when it ended.
 */
export async function memberSubscriptionStatus(userId: string): Promise<SubscriptionStatus> {
  const found = await getMemberSubscription(userId);
  if (!found) return { hasSubscription: false, subscription: null };
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const endDate = found.endedAt ?? (found.cancelAtPeriodEnd ? found.currentPeriodEnd : found.cancelAt);
  return {
    hasSubscription: ["active", "trialing", "past_due"].includes(found.status),
    subscription: {
      planName: found.planName,
      status: found.status,
      endDate: iso(endDate),
      currentPeriodEnd: iso(found.currentPeriodEnd),
      cancelAtPeriodEnd: found.cancelAtPeriodEnd,
    },
  };
}
