import "server-only";
import type Stripe from "stripe";
import { accrueCommissionForInvoice } from "../../referrals/commission";
import { recordFirstPaymentIds } from "../order-payment-ids";
import { idOf } from "../stripe-ids";
import { syncSubscription } from "../subscription-sync";

/**
 * A paid invoice (first or renewal) moves the subscription's period on and earns a referrer's
 * commission; the first one also names the payment behind the order (for operators' search).
 */
export async function invoicePaid(event: Stripe.InvoicePaidEvent): Promise<void> {
  const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
  if (subscriptionId) await syncSubscription(subscriptionId);
  await accrueCommissionForInvoice(event.data.object);
  await recordFirstPaymentIds(event.data.object);
}
