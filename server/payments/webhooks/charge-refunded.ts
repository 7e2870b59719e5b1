import "server-only";
import type Stripe from "stripe";
import { recordRefund } from "../../db/orders";
import { log } from "../../log";
import { orderFirstPaidBy } from "../charge-order";
import { endOrderAccess } from "../order-access";
import { reverseCommissionForRefund } from "../../referrals/commission-reversal";
import { idOf } from "../stripe-ids";

/**
 * A refund of an order's first payment: recorded as it grows; once the whole amount is back the
 * order is refunded and the member's access ends (seat released, subscription cancelled).
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
  if ((await recordRefund(order.id, charge.amount_refunded)) === "refunded") await endOrderAccess(order.id);
}
