import "server-only";
import { STALE_PENDING_MINUTES, type OrderProblem } from "@/lib/operator/health";
import type { OrderStatus } from "../payments/orders";
import { db, type Executor } from "../client";

// Orders whose state here disagrees with what Stripe must say by now, for the operators' Health
// page. Only this database is read (the page never calls Stripe): the repair is a job that asks.
// - Pending long after its checkout closed (STALE_PENDING_MINUTES): paid or expired at Stripe
//   without this database hearing.
// - Paid with a Stripe subscription that has no row here, half an hour after the payment (the
//   reconciliation runs every 15 minutes and records it): looked for among the last week's payments.

export const SUBSCRIPTION_SETTLING_MINUTES = 30;
export const SUBSCRIPTION_LOOKBACK_DAYS = 7;

export type DisagreeingOrderRow = {
  id: string;
  email: string | null;
  status: OrderStatus;
  planName: string;
  totalCents: number;
  currency: string;
  /** Since when it disagrees: the checkout's opening (pending) or the payment (subscription). */
  since: Date;
  problem: OrderProblem;
};

/** Up to `limit` orders of each problem, longest-standing first (each read stops there, however many there are). */
export async function listDisagreeingOrders(limit: number): Promise<DisagreeingOrderRow[]> {
  const sql = db();
  return sql<DisagreeingOrderRow[]>`
    (select id::text, email, status, plan_name as "planName", total_cents as "totalCents", currency, created_at as since,
       'pending_too_long' as problem
     from public.orders
     where status = 'pending' and created_at < now() - make_interval(mins => ${STALE_PENDING_MINUTES})
     order by created_at limit ${limit})
    union all
    (select o.id::text, o.email, o.status, o.plan_name, o.total_cents, o.currency, o.paid_at,
       'subscription_missing'
     from public.orders o
     where o.status = 'paid' and o.stripe_subscription_id is not null
       and o.paid_at > now() - make_interval(days => ${SUBSCRIPTION_LOOKBACK_DAYS})
       and o.paid_at < now() - make_interval(mins => ${SUBSCRIPTION_SETTLING_MINUTES})
       and not exists (select 1 from public.subscriptions s where s.stripe_subscription_id = o.stripe_subscription_id)
     order by o.paid_at limit ${limit})`;
}

/** The order's status, if it exists (what an operator's check is recorded against). */
export async function orderStatusOf(executor: Executor, orderId: string): Promise<OrderStatus | null> {
  const [row] = await executor<{ status: OrderStatus }[]>`select status from public.orders where id = ${orderId}`;
  return row?.status ?? null;
}
