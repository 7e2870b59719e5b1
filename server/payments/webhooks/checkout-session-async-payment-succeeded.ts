import "server-only";
import type Stripe from "stripe";
import { fulfilCheckoutSession } from "../fulfilment";

export async function checkoutSessionAsyncPaymentSucceeded(event: Stripe.CheckoutSessionAsyncPaymentSucceededEvent): Promise<void> {
  await fulfilCheckoutSession(event.data.object);
}
