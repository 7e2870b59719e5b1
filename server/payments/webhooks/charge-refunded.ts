import "server-only";
import type Stripe from "stripe";
import { db } from "../../db/client";
import { recordRefund } from "../../db/payments/orders";
import { log } from "../../log";
import { orderFirstPaidBy } from "../charge-order";
import { endOrderAccess } from "../order-access";
import { reverseCommissionForRefund } from "../../referrals/commission-reversal";
import { queueRefundEmail, refundEmailsOf } from "../refund-email";
import { idOf } from "../stripe-ids";
import { stripe } from "../stripe-client";

/** The charge's refunds: an event's charge does not list them (Stripe leaves `refunds` out), so they are asked for. */
async function refundsOf(chargeId: string): Promise<Stripe.Refund[]> {
  const refunds: Stripe.Refund[] = [];
  for await (const refund of stripe().refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refund);
  return refunds;
}

/**
 * A refund of an order's first payment: recorded as it grows, with the buyer's email about each
 * refund (once per Stripe refund, however often the event comes); once the whole amount is back
 * the order is refunded and the member's access ends (seat released, subscription cancelled).
 */
export async function chargeRefunded(event: Stripe.ChargeRefundedEvent): Promise<void> {
  const charge = event.data.object;
  await reverseCommissionForRefund(charge);
  const paymentIntentId = idOf(charge.payment_intent);
  const order = paymentIntentId ? await orderFirstPaidBy(paymentIntentId) : null;
  if (!order) {
    log.info("Refunded charge is not the first payment of any order", { chargeId: charge.id });
    return;
  }
  const emails = refundEmailsOf(await refundsOf(charge.id), order.amounts.totalCents);
  const status = await db().begin(async (tx) => {
    const recorded = await recordRefund(order.id, charge.amount_refunded, tx);
    if (recorded) for (const email of emails) await queueRefundEmail(tx, order, email);
    return recorded;
  });
  if (status === "refunded") await endOrderAccess(order.id);
}
