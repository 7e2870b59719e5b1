import "server-only";
import type Stripe from "stripe";
import { fulfilCheckoutSession } from "../fulfilment";

/** Paid (or, for delayed methods, submitted) checkout: fulfil it; an unpaid one waits for async events. */
export async function checkoutSessionCompleted(event: Stripe.CheckoutSessionCompletedEvent): Promise<void> {
  await fulfilCheckoutSession(event.data.object);
}
