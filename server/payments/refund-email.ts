import "server-only";
import type Stripe from "stripe";
import type { TransactionSql } from "postgres";
import type { Order } from "../db/payments/orders";
import { queueEmail } from "../email/outbox";
import type { RefundEmailData } from "./order-refund-email";

// A refund of an order's payment, full or partial, is told to the buyer once: however it was made
// (an operator's refund job, or Stripe's dashboard seen through charge.refunded) and however often
// its event is delivered, the email's dedupe key is the Stripe refund's id. It is queued in the
// transaction that records the refund (D16).

/** Refunds with their own email: a replaced checkout's (server/payments/replaced-checkout-refund.ts). */
export function hasOwnRefundEmail(refund: Pick<Stripe.Refund, "metadata">): boolean {
  return refund.metadata?.cause === "replaced_checkout";
}

/** Queues the buyer's email about one refund (once per Stripe refund); false when queued before or nobody to tell. */
export async function queueRefundEmail(
  tx: TransactionSql,
  order: Pick<Order, "id" | "email">,
  refund: Omit<RefundEmailData, "orderId">,
): Promise<boolean> {
  if (!order.email) return false;
  return queueEmail(tx, {
    kind: "order-refund",
    to: order.email,
    data: { orderId: order.id, ...refund },
    orderId: order.id,
    dedupeKey: `stripe-refund:${refund.stripeRefundId}`,
  });
}

/**
 * The refund emails a charge's refunds call for, oldest first: each with whether the order was
 * refunded in full once it was made (the refunds up to it reach the order's total). `refunds` is in
 * Stripe's list order, newest first: two refunds made within one second share `created`, and their
 * ids say nothing of their order, so the list's own order decides. Failed and cancelled refunds
 * returned nothing; a replaced checkout's refund has its own email.
 */
export function refundEmailsOf(refunds: readonly Stripe.Refund[], orderTotalCents: number): Omit<RefundEmailData, "orderId">[] {
  const counted = refunds
    .map((refund, newestFirst) => ({ refund, newestFirst }))
    .filter(({ refund }) => refund.status === "succeeded" || refund.status === "pending")
    .sort((a, b) => a.refund.created - b.refund.created || b.newestFirst - a.newestFirst)
    .map(({ refund }) => refund);
  let refundedSoFar = 0;
  const emails: Omit<RefundEmailData, "orderId">[] = [];
  for (const refund of counted) {
    refundedSoFar += refund.amount;
    if (hasOwnRefundEmail(refund)) continue;
    emails.push({
      stripeRefundId: refund.id,
      amountCents: refund.amount,
      currency: refund.currency,
      fullRefund: refundedSoFar >= orderTotalCents,
    });
  }
  return emails;
}
