import "server-only";
import type { OrderRefundRequest } from "@/lib/operator/order-schemas";
import { refundableCents } from "@/lib/operator/refund-rules";
import { formatMoney } from "@/lib/pricing/money";
import type { Order } from "../db/payments/orders";
import { findRefundByRequestKey, insertOrderRefund, listOrderRefunds, type OrderRefundRow } from "../db/payments/order-refunds";
import { ApiError } from "../http/api-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { lockOrderOrThrow } from "./order-actions";
import { operatorChange } from "./operator-change";

// D17, Refunds: an operator refunds an order in full or in part. The refund is recorded with
// its audit entry and the job that makes it at Stripe, in one transaction (D16); Stripe's
// charge.refunded webhook then does what any refund does (the order's refunded amount, the seat
// and subscription for a full refund, the affiliate's commission). A money action: the route asks
// for a fresh sign-in first (D17).

export type OrderRefundResult = { id: string; status: OrderRefundRow["status"]; amountCents: number; refundableCents: number };

function refundable(order: Order, refunds: OrderRefundRow[]): number {
  return refundableCents({ status: order.status, totalCents: order.amounts.totalCents, refundedCents: order.refundedCents, refunds });
}

/**
 * Asks for a refund of `amountCents` (at most what is left to refund). A replay of the same
 * request key answers the refund it made and changes nothing; the key used for anything else is a 409.
 */
export async function requestOrderRefund(operatorId: string, orderId: string, request: OrderRefundRequest): Promise<OrderRefundResult> {
  return operatorChange(operatorId, async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    const refunds = await listOrderRefunds(orderId, tx);
    const existing = await findRefundByRequestKey(tx, request.requestKey);
    if (existing) {
      if (existing.orderId !== orderId || existing.amountCents !== request.amountCents || existing.reason !== request.reason) {
        throw new ApiError("conflict", "This request key belongs to another refund. Reload the page and try again.");
      }
      const result = {
        id: existing.id,
        status: existing.status,
        amountCents: existing.amountCents,
        refundableCents: refundable(order, refunds),
      };
      return { result, audit: null };
    }
    if (order.status !== "paid" && order.status !== "refunded") throw new ApiError("conflict", "Only a paid order can be refunded.");
    const left = refundable(order, refunds);
    if (request.amountCents > left) {
      const message =
        left === 0 ? "Nothing is left to refund on this order." : `At most ${formatMoney(left, order.amounts.currency)} can be refunded.`;
      throw new ApiError("unprocessable", message, { details: [{ path: "amountCents", message }] });
    }
    const refund = await insertOrderRefund(tx, {
      orderId,
      requestKey: request.requestKey,
      amountCents: request.amountCents,
      reason: request.reason,
      note: request.note || null,
      requestedBy: operatorId,
    });
    await enqueueJob(tx, "order-refund", { refundId: refund.id });
    return {
      result: { id: refund.id, status: refund.status, amountCents: refund.amountCents, refundableCents: left - refund.amountCents },
      audit: {
        action: "order.refund",
        subjectType: "order",
        subjectId: orderId,
        before: { status: order.status, refunded_cents: order.refundedCents, refundable_cents: left },
        after: {
          refund_id: refund.id,
          amount_cents: refund.amountCents,
          currency: order.amounts.currency,
          reason: refund.reason,
          note: refund.note,
        },
      },
    };
  });
}
