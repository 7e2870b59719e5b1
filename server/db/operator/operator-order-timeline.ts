import "server-only";
import { db } from "../client";

// D17, Orders: the rows an order's timeline is drawn from, each read through an index and
// bounded (TIMELINE_SOURCE_LIMIT newest of each kind).

export const TIMELINE_SOURCE_LIMIT = 50;

export type OutboxTimelineRow = {
  kind: string;
  recipient: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  sent_at: Date | null;
};

export async function orderOutboxRows(orderId: string): Promise<OutboxTimelineRow[]> {
  return db()<OutboxTimelineRow[]>`
    select kind, recipient, status, attempts, last_error, created_at, last_attempt_at, sent_at from public.email_outbox
    where order_id = ${orderId} order by created_at desc limit ${TIMELINE_SOURCE_LIMIT}`;
}

export type SeatTimelineRow = {
  cohort_name: string;
  status: "held" | "enrolled" | "released";
  created_at: Date;
  enrolled_at: Date | null;
  released_at: Date | null;
};

export async function orderSeatRows(orderId: string): Promise<SeatTimelineRow[]> {
  return db()<SeatTimelineRow[]>`
    select c.cohort_name, s.status, s.created_at, s.enrolled_at, s.released_at
    from public.cohort_seats s join public.cohorts c on c.id = s.cohort_id
    where s.order_id = ${orderId} order by s.created_at desc limit ${TIMELINE_SOURCE_LIMIT}`;
}

export type StripeEventTimelineRow = {
  id: string;
  type: string;
  received_at: Date;
  processed_at: Date | null;
  attempts: number;
  last_error: string | null;
  object_status: string | null;
  amount_refunded: number | null;
  amount: number | null;
};

/**
 * The stored Stripe events about the order: its checkout session, subscription, invoices and
 * charge, and anything naming its PaymentIntent (refunds, disputes).
 */
export async function orderStripeEventRows(ids: {
  checkoutSessionId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
}): Promise<StripeEventTimelineRow[]> {
  const sql = db();
  const objectIds = [ids.checkoutSessionId, ids.subscriptionId, ids.invoiceId, ids.chargeId].filter((id): id is string => id !== null);
  if (objectIds.length === 0 && !ids.paymentIntentId) return [];
  return sql<StripeEventTimelineRow[]>`
    select id, type, received_at, processed_at, attempts, last_error,
      payload #>> '{data,object,status}' as object_status,
      case when payload #>> '{data,object,amount_refunded}' ~ '^[0-9]{1,9}$' then (payload #>> '{data,object,amount_refunded}')::int end as amount_refunded,
      case when payload #>> '{data,object,amount}' ~ '^[0-9]{1,9}$' then (payload #>> '{data,object,amount}')::int end as amount
    from public.stripe_events
    where (payload #>> '{data,object,id}') = any(${objectIds}::text[])
      ${ids.paymentIntentId ? sql`or (payload #>> '{data,object,payment_intent}') = ${ids.paymentIntentId}` : sql``}
      ${ids.subscriptionId ? sql`or (payload #>> '{data,object,parent,subscription_details,subscription}') = ${ids.subscriptionId}` : sql``}
    order by received_at desc
    limit ${TIMELINE_SOURCE_LIMIT}`;
}
