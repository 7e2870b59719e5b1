import "server-only";
import type { PlanType } from "@/lib/pricing/plans";
import { db } from "../client";

export type SubscriptionRecord = {
  stripeSubscriptionId: string;
  orderId: string | null;
  userId: string | null;
  email: string | null;
  stripeCustomerId: string;
  planType: PlanType | null;
  planName: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  endedAt: Date | null;
};

/**
 * Writes Stripe's current view of a subscription. Links (order, member, email) are only ever
 * filled in, never cleared, so events arriving in any order converge on the same row.
 */
export async function upsertSubscription(s: SubscriptionRecord): Promise<void> {
  await db()`
    insert into public.subscriptions (
      stripe_subscription_id, order_id, user_id, email, stripe_customer_id, plan_type, plan_name, status,
      current_period_end, cancel_at_period_end, cancel_at, ended_at
    ) values (
      ${s.stripeSubscriptionId}, ${s.orderId}, ${s.userId}, ${s.email}, ${s.stripeCustomerId}, ${s.planType}, ${s.planName},
      ${s.status}, ${s.currentPeriodEnd}, ${s.cancelAtPeriodEnd}, ${s.cancelAt}, ${s.endedAt}
    )
    on conflict (stripe_subscription_id) do update set
      order_id = coalesce(public.subscriptions.order_id, excluded.order_id),
      user_id = coalesce(public.subscriptions.user_id, excluded.user_id),
      email = coalesce(public.subscriptions.email, excluded.email),
      stripe_customer_id = excluded.stripe_customer_id,
      plan_type = coalesce(excluded.plan_type, public.subscriptions.plan_type),
      plan_name = excluded.plan_name,
      status = excluded.status,
      current_period_end = excluded.current_period_end,
      cancel_at_period_end = excluded.cancel_at_period_end,
      cancel_at = excluded.cancel_at,
      ended_at = excluded.ended_at`;
}

export type MemberSubscription = Pick<
  SubscriptionRecord,
  "planName" | "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "cancelAt" | "endedAt"
>;

/** The member's most relevant subscription: a live one first, then the most recent. */
export async function getMemberSubscription(userId: string): Promise<MemberSubscription | null> {
  const [row] = await db()<
    {
      plan_name: string;
      status: string;
      current_period_end: Date | null;
      cancel_at_period_end: boolean;
      cancel_at: Date | null;
      ended_at: Date | null;
    }[]
  >`
    select plan_name, status, current_period_end, cancel_at_period_end, cancel_at, ended_at
    from public.subscriptions
    where user_id = ${userId}
    order by (status in ('active', 'trialing', 'past_due')) desc, created_at desc
    limit 1`;
  if (!row) return null;
  return {
    planName: row.plan_name,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelAt: row.cancel_at,
    endedAt: row.ended_at,
  };
}
