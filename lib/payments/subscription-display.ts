import type { SubscriptionStatus } from "./subscription-schema";
import { CANCELLATION_PENDING, NO_ACTIVE_SUBSCRIPTION } from "../cohorts/cohort-messages";

export type SubscriptionTone = "success" | "info" | "warning" | "muted";

export type SubscriptionDisplay = {
  /** 'Active', 'Trial', 'Canceling', the status as is, or 'No Active Subscription'. */
  label: string;
  planName: string | null;
  /** 'N days remaining', 'Expires in N days', 'Cancellation pending', or nothing. */
  detail: string | null;
  tone: SubscriptionTone;
};

const DAY_MS = 86_400_000;

/** Whole days from now until `iso`, rounded up and never below 0; null without a readable date. */
export function daysUntil(iso: string | null, now: Date): number | null {
  if (!iso) return null;
  const end = new Date(iso).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

// Statuses in which a subscription still runs; a cancellation only pends while it does.
const RUNNING = new Set(["active", "trialing", "past_due"]);

/**
 * SPEC §4 Subscription display:
 * | status active      | 'Active' with plan and days remaining (rounded up)               |
 * | status trialing    | 'Trial'                                                          |
 * | cancelAtPeriodEnd  | 'Canceling' with 'Expires in N days' or 'Cancellation pending'   |
 * | any other status   | shown as is                                                      |
 * | no subscription    | 'No Active Subscription'                                         |
 * A pending cancellation outranks active and trialing: the plan is running, but it is ending.
 */
export function subscriptionDisplay(status: SubscriptionStatus | null | undefined, now: Date): SubscriptionDisplay {
  const subscription = status?.subscription;
  if (!subscription) return { label: NO_ACTIVE_SUBSCRIPTION, planName: null, detail: null, tone: "muted" };
  const planName = subscription.planName || null;

  if (subscription.cancelAtPeriodEnd && RUNNING.has(subscription.status)) {
    const left = daysUntil(subscription.endDate ?? subscription.currentPeriodEnd, now);
    return { label: "Canceling", planName, detail: left === null ? CANCELLATION_PENDING : `Expires in ${days(left)}`, tone: "warning" };
  }
  if (subscription.status === "active") {
    const left = daysUntil(subscription.currentPeriodEnd, now);
    return { label: "Active", planName, detail: left === null ? null : `${days(left)} remaining`, tone: "success" };
  }
  if (subscription.status === "trialing") return { label: "Trial", planName, detail: null, tone: "info" };
  return { label: subscription.status, planName, detail: null, tone: "muted" };
}
