import "server-only";
import Stripe from "stripe";
import { siteUrl } from "@/lib/site";
import type { TransactionSql } from "postgres";
import { db } from "../db/client";
import { getOrder, recordRefund, type Order } from "../db/payments/orders";
import { queueEmail } from "../email/outbox";
import type { EmailMessage } from "../email/send-email";
import { replacedCheckoutRefundEmail } from "../email/templates/replaced-checkout-refund";
import { log } from "../log";
import { cancelSubscriptionNow, paymentIntentOfInvoice } from "./order-access";
import { stripe } from "./stripe-client";

// A checkout the buyer replaced (by starting a new one) is expired at Stripe, yet a payment of it
// can still land: paid in another tab a moment before, or while Stripe was unreachable. The newer
// checkout holds the seat, so this payment would be a second charge for the same thing: it is
// refunded in full, its subscription cancelled and the buyer told why. Every step is idempotent, so
// a retried event or the success page running the same fulfilment changes nothing more.

async function refundInFull(order: Order): Promise<void> {
  const paymentIntent = order.stripeInvoiceId ? await paymentIntentOfInvoice(order.stripeInvoiceId) : null;
  if (!paymentIntent) return;
  try {
    await stripe().refunds.create(
      { payment_intent: paymentIntent, reason: "duplicate", metadata: { order_id: order.id, cause: "replaced_checkout" } },
      { idempotencyKey: `replaced-checkout-refund-${order.id}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}

/** Queues the email telling the buyer why (once per order, whichever delivery gets here first). */
async function tellBuyer(tx: TransactionSql, order: Order): Promise<void> {
  if (!order.email) return;
  await queueEmail(tx, {
    kind: "replaced-checkout-refund",
    to: order.email,
    data: { orderId: order.id },
    orderId: order.id,
    dedupeKey: `order:${order.id}:replaced-checkout-refund`,
  });
}

/** The email telling a buyer their replaced checkout's payment was refunded. */
export async function renderReplacedCheckoutRefundEmail(to: string, orderId: string): Promise<EmailMessage> {
  const order = await getOrder(orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return replacedCheckoutRefundEmail({
    to,
    planName: order.planName,
    refundedCents: order.amounts.totalCents,
    currency: order.amounts.currency,
    orderReference: order.id.slice(0, 8).toUpperCase(),
    pricingUrl: siteUrl("/how-it-works#pricing"),
  });
}

/** Refunds a paid replaced checkout in full (once), ends its subscription and emails the buyer why. */
export async function refundReplacedCheckout(order: Order): Promise<void> {
  if (order.status !== "paid" && order.status !== "refunded") return;
  if (order.status === "paid") await refundInFull(order);
  if (order.stripeSubscriptionId) await cancelSubscriptionNow(order.stripeSubscriptionId);
  // The refund is recorded and the buyer's email queued in one transaction: a crash before it
  // leaves the order paid, so the retried event refunds (idempotently) and records both again.
  await db().begin(async (tx) => {
    await recordRefund(order.id, order.amounts.totalCents, tx);
    await tellBuyer(tx, order);
  });
  if (order.status === "paid") log.warn("A replaced checkout was paid; the payment was refunded", { orderId: order.id });
}
