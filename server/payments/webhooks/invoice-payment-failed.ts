import "server-only";
import type Stripe from "stripe";
import { idOf } from "../stripe-ids";
import { syncSubscription } from "../subscription-sync";

/** A failed renewal leaves the subscription past due (or worse); the row follows Stripe. */
export async function invoicePaymentFailed(event: Stripe.InvoicePaymentFailedEvent): Promise<void> {
  const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
  if (subscriptionId) await syncSubscription(subscriptionId);
}
