import "server-only";
import type Stripe from "stripe";
import { PLANS, type PlanType } from "@/lib/pricing/plans";
import { getOrder } from "../db/payments/orders";
import { upsertSubscription } from "../db/payments/subscriptions";
import { idOf, orderIdFrom } from "./stripe-ids";
import { stripe } from "./stripe-client";

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function planOf(subscription: Stripe.Subscription): { planType: PlanType | null; planName: string } {
  const plan = PLANS.find((p) => p.type === subscription.metadata?.plan_type);
  if (plan) return { planType: plan.type, planName: plan.name };
  return { planType: null, planName: subscription.metadata?.plan_name?.slice(0, 60) || "Subscription" };
}

/**
 * D4: the subscription row always holds Stripe's current state. Events are only a prompt: the
 * subscription is read back from Stripe, so duplicates and out-of-order deliveries converge.
 */
export async function syncSubscription(subscriptionId: string): Promise<void> {
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  const orderId = orderIdFrom(subscription.metadata?.order_id);
  const order = orderId ? await getOrder(orderId) : null;
  const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  await upsertSubscription({
    stripeSubscriptionId: subscription.id,
    orderId: order?.id ?? null,
    userId: order?.userId ?? null,
    email: order?.email ?? null,
    stripeCustomerId: idOf(subscription.customer) ?? "",
    ...planOf(subscription),
    status: subscription.status,
    currentPeriodEnd: date(periodEnds.length ? Math.max(...periodEnds) : null),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: date(subscription.cancel_at),
    endedAt: date(subscription.ended_at),
  });
}
