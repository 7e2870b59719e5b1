import "server-only";
import type Stripe from "stripe";
import { recordChargeback } from "../../db/payments/orders";
import { log } from "../../log";
import { orderFirstPaidBy } from "../charge-order";
import { endOrderAccess } from "../order-access";
import { reverseCommissionForDispute } from "../../referrals/commission-reversal";
import { idOf } from "../stripe-ids";
import { stripe } from "../stripe-client";

async function paymentIntentOf(dispute: Stripe.Dispute): Promise<string | null> {
  const direct = idOf(dispute.payment_intent);
  if (direct) return direct;
  const chargeId = idOf(dispute.charge);
  return chargeId ? idOf((await stripe().charges.retrieve(chargeId)).payment_intent) : null;
}

/** A lost dispute of an order's first payment takes the money back: like a full refund, the member's access ends. */
export async function chargeDisputeClosed(event: Stripe.ChargeDisputeClosedEvent): Promise<void> {
  const dispute = event.data.object;
  if (dispute.status !== "lost") return;
  await reverseCommissionForDispute(dispute);
  const paymentIntentId = await paymentIntentOf(dispute);
  const order = paymentIntentId ? await orderFirstPaidBy(paymentIntentId) : null;
  if (!order) {
    log.info("Lost dispute is not about the first payment of any order", { disputeId: dispute.id });
    return;
  }
  await recordChargeback(order.id);
  await endOrderAccess(order.id);
  log.warn("A dispute was lost; the member's access ended", { orderId: order.id, disputeId: dispute.id });
}
