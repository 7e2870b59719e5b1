import "server-only";
import type Stripe from "stripe";
import { findOrderIdByInvoice, recordRefund } from "../../db/orders";
import { log } from "../../log";
import { reverseCommissionForRefund } from "../../referrals/commission-reversal";
import { idOf } from "../stripe-ids";
import { stripe } from "../stripe-client";

/** A refund of the order's first payment marks the order refunded once the whole amount is back. */
export async function chargeRefunded(event: Stripe.ChargeRefundedEvent): Promise<void> {
  const charge = event.data.object;
  await reverseCommissionForRefund(charge);
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return;
  const payments = await stripe().invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
  const invoiceId = idOf(payments.data[0]?.invoice);
  const orderId = invoiceId ? await findOrderIdByInvoice(invoiceId) : null;
  if (!orderId) {
    log.info("Refunded charge is not the first payment of any order", { chargeId: charge.id });
    return;
  }
  await recordRefund(orderId, charge.amount_refunded);
}
