import "server-only";
import type Stripe from "stripe";
import { closeUnpaidCheckout } from "../fulfilment";

export async function checkoutSessionAsyncPaymentFailed(event: Stripe.CheckoutSessionAsyncPaymentFailedEvent): Promise<void> {
  await closeUnpaidCheckout(event.data.object, "failed");
}
