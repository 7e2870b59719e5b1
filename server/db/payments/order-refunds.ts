import "server-only";
import type { TransactionSql } from "postgres";
import type { RefundReason } from "@/lib/operator/order-schemas";
import { db, type Executor } from "../client";

// D17, Refunds: the refunds operators asked for, each done at Stripe by an order-refund job.

export type OrderRefundRow = {
  id: string;
  orderId: string;
  requestKey: string;
  amountCents: number;
  reason: RefundReason;
  note: string | null;
  status: "pending" | "succeeded" | "failed";
  stripeRefundId: string | null;
  chargeRefundedCents: number | null;
  failure: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

type DbRow = {
  id: string;
  order_id: string;
  request_key: string;
  amount_cents: number;
  reason: RefundReason;
  note: string | null;
  status: OrderRefundRow["status"];
  stripe_refund_id: string | null;
  charge_refunded_cents: number | null;
  failure: string | null;
  created_at: Date;
  completed_at: Date | null;
};

const COLUMNS = [
  "id",
  "order_id",
  "request_key",
  "amount_cents",
  "reason",
  "note",
  "status",
  "stripe_refund_id",
  "charge_refunded_cents",
  "failure",
  "created_at",
  "completed_at",
];

const toRefund = (row: DbRow): OrderRefundRow => ({
  id: row.id,
  orderId: row.order_id,
  requestKey: row.request_key,
  amountCents: row.amount_cents,
  reason: row.reason,
  note: row.note,
  status: row.status,
  stripeRefundId: row.stripe_refund_id,
  chargeRefundedCents: row.charge_refunded_cents,
  failure: row.failure,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

/** An order's refunds, oldest first (an order has a handful at most; bounded all the same). */
export async function listOrderRefunds(orderId: string, executor: Executor = db()): Promise<OrderRefundRow[]> {
  const rows = await executor<DbRow[]>`
    select ${executor(COLUMNS)} from public.order_refunds where order_id = ${orderId} order by created_at, id limit 100`;
  return rows.map(toRefund);
}

export async function findRefundByRequestKey(tx: TransactionSql, requestKey: string): Promise<OrderRefundRow | null> {
  const [row] = await tx<DbRow[]>`select ${tx(COLUMNS)} from public.order_refunds where request_key = ${requestKey}`;
  return row ? toRefund(row) : null;
}

export async function insertOrderRefund(
  tx: TransactionSql,
  refund: { orderId: string; requestKey: string; amountCents: number; reason: RefundReason; note: string | null; requestedBy: string },
): Promise<OrderRefundRow> {
  const [row] = await tx<DbRow[]>`
    insert into public.order_refunds (order_id, request_key, amount_cents, reason, note, requested_by)
    values (${refund.orderId}, ${refund.requestKey}, ${refund.amountCents}, ${refund.reason}, ${refund.note}, ${refund.requestedBy})
    returning ${tx(COLUMNS)}`;
  return toRefund(row!);
}

/** A refund, counting this attempt to make it at Stripe. */
export async function startRefundAttempt(id: string): Promise<OrderRefundRow | null> {
  const [row] = await db()<DbRow[]>`
    update public.order_refunds set attempts = attempts + 1 where id = ${id} returning ${db()(COLUMNS)}`;
  return row ? toRefund(row) : null;
}

/** Stripe made the refund: its id, and the charge's refunded total right after it. */
export async function markRefundSucceeded(
  id: string,
  stripeRefundId: string,
  chargeRefundedCents: number,
  executor: Executor = db(),
): Promise<void> {
  await executor`
    update public.order_refunds
    set status = 'succeeded', stripe_refund_id = ${stripeRefundId}, charge_refunded_cents = ${chargeRefundedCents},
        failure = null, completed_at = now()
    where id = ${id} and status = 'pending'`;
}

/** Stripe refused the refund for good (or it was given up): nothing was refunded by it. */
export async function markRefundFailed(id: string, failure: string): Promise<void> {
  await db()`
    update public.order_refunds set status = 'failed', failure = ${failure.slice(0, 2000)}, completed_at = now()
    where id = ${id} and status = 'pending'`;
}

/** A failed attempt that will be tried again: why, for the order's page. */
export async function recordRefundAttemptError(id: string, failure: string): Promise<void> {
  await db()`update public.order_refunds set failure = ${failure.slice(0, 2000)} where id = ${id} and status = 'pending'`;
}
