import "server-only";
import type Stripe from "stripe";
import { closeUnpaidCheckout } from "../fulfilment";

/** D3: the 30-minute checkout ran out; its held seat goes back to the cohort. */
export async function checkoutSessionExpired(event: Stripe.CheckoutSessionExpiredEvent): Promise<void> {
  await closeUnpaidCheckout(event.data.object, "expired");
}
