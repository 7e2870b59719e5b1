import "server-only";
import type { OrderStatus } from "./orders";
import { db } from "../client";

// Reads for the reconciliation with Stripe (server/scheduled/stripe-reconciliation.ts): what this
// database says of the orders and subscriptions Stripe reports, many at a time.

export type OrderState = { id: string; status: OrderStatus };

/** The state of each of these orders that exists. */
export async function getOrderStates(orderIds: string[]): Promise<OrderState[]> {
  if (orderIds.length === 0) return [];
  return db()<OrderState[]>`select id, status from public.orders where id = any(${orderIds}::uuid[])`;
}

/** Which of these Stripe subscriptions have their row here. */
export async function recordedSubscriptionIds(subscriptionIds: string[]): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const rows = await db()<{ stripe_subscription_id: string }[]>`
    select stripe_subscription_id from public.subscriptions where stripe_subscription_id = any(${subscriptionIds}::text[])`;
  return new Set(rows.map((row) => row.stripe_subscription_id));
}

export type OrderToCheck = {
  id: string;
  status: OrderStatus;
  createdAt: Date;
  checkoutSessionId: string | null;
  subscriptionId: string | null;
  /** Whether the order's Stripe subscription has its row here. */
  subscriptionRecorded: boolean;
};

/** One order as a check with Stripe needs it (an operator's "Check with Stripe now"). */
export async function getOrderToCheck(orderId: string): Promise<OrderToCheck | null> {
  const [row] = await db()<OrderToCheck[]>`
    select o.id::text, o.status, o.created_at as "createdAt", o.stripe_checkout_session_id as "checkoutSessionId",
      o.stripe_subscription_id as "subscriptionId",
      exists (select 1 from public.subscriptions s where s.stripe_subscription_id = o.stripe_subscription_id) as "subscriptionRecorded"
    from public.orders o where o.id = ${orderId}`;
  return row ?? null;
}
