import "server-only";
import Stripe from "stripe";
import { z } from "zod";
import { db } from "../db/client";
import { getOrder, getOrderPaymentIntentId, setOrderPaymentIds } from "../db/payments/orders";
import {
  markRefundFailed,
  markRefundSucceeded,
  recordRefundAttemptError,
  startRefundAttempt,
  type OrderRefundRow,
} from "../db/payments/order-refunds";
import type { JobAttempt } from "../jobs/job-queues";
import { log } from "../log";
import { invoicePaymentIds } from "./order-payment-ids";
import { queueRefundEmail } from "./refund-email";
import { idOf } from "./stripe-ids";
import { stripe } from "./stripe-client";

// D17, Refunds: the order-refund job makes an operator's refund at Stripe, at least once and
// never twice. The refund carries our refund's id in its metadata and as its idempotency key: a
// retry after a crash (between Stripe's answer and recording it, say) finds the refund Stripe made
// and records that one, even past the 24 hours Stripe keeps idempotency keys.

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The PaymentIntent that paid the order's first invoice: as recorded, else asked of Stripe (and recorded). */
async function orderPaymentIntent(orderId: string): Promise<string | null> {
  const known = await getOrderPaymentIntentId(orderId);
  if (known) return known;
  const order = await getOrder(orderId);
  const ids = order?.stripeInvoiceId ? await invoicePaymentIds(order.stripeInvoiceId) : null;
  if (!ids) return null;
  await setOrderPaymentIds(orderId, ids);
  return ids.paymentIntentId;
}

/** The refund an earlier attempt made for this one, if Stripe has it. */
async function refundMadeBefore(paymentIntentId: string, refundId: string): Promise<Stripe.Refund | null> {
  for await (const refund of stripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
    if (refund.metadata?.order_refund_id === refundId) return refund;
  }
  return null;
}

async function makeRefund(refund: OrderRefundRow, paymentIntentId: string): Promise<Stripe.Refund> {
  const before = await refundMadeBefore(paymentIntentId, refund.id);
  if (before) return before;
  return stripe().refunds.create(
    {
      payment_intent: paymentIntentId,
      amount: refund.amountCents,
      reason: refund.reason,
      metadata: { order_id: refund.orderId, order_refund_id: refund.id, cause: "operator" },
    },
    { idempotencyKey: `order-refund-${refund.id}` },
  );
}

/** The order-refund job: makes the refund at Stripe and records it (or why Stripe refused it). */
export async function processOrderRefund(refundId: string, attempt: JobAttempt): Promise<void> {
  const refund = await startRefundAttempt(z.uuid().parse(refundId));
  if (!refund || refund.status !== "pending") return;
  try {
    const paymentIntentId = await orderPaymentIntent(refund.orderId);
    if (!paymentIntentId) {
      await markRefundFailed(refund.id, "The order has no card payment at Stripe to refund.");
      return;
    }
    let made: Stripe.Refund;
    try {
      made = await makeRefund(refund, paymentIntentId);
    } catch (error) {
      // Stripe's answer for a request it will never accept (more than is left, a charge refunded in
      // full meanwhile): nothing was refunded, and trying again would not change that.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      await markRefundFailed(refund.id, `Stripe refused the refund: ${error.message}`);
      log.warn("Stripe refused an operator's refund", { refundId: refund.id, code: error.code });
      return;
    }
    const chargeId = idOf(made.charge);
    const charge = chargeId ? await stripe().charges.retrieve(chargeId) : null;
    const chargeRefundedCents = charge?.amount_refunded ?? made.amount;
    const order = await getOrder(refund.orderId);
    // The refund is recorded and the buyer's email queued together (D16); charge.refunded queues
    // the same email under the same key, so whichever comes first sends it.
    await db().begin(async (tx) => {
      await markRefundSucceeded(refund.id, made.id, chargeRefundedCents, tx);
      if (order) {
        await queueRefundEmail(tx, order, {
          stripeRefundId: made.id,
          amountCents: made.amount,
          currency: made.currency,
          fullRefund: chargeRefundedCents >= order.amounts.totalCents,
        });
      }
    });
  } catch (error) {
    await recordRefundAttemptError(refund.id, describe(error)).catch(() => {});
    if (attempt.isLastAttempt) {
      log.error("An operator's refund could not be made; it is left failed for the operators", { refundId: refund.id, error });
      await markRefundFailed(refund.id, `Given up after ${attempt.retryCount + 1} attempts: ${describe(error)}`).catch(() => {});
    }
    throw error;
  }
}
