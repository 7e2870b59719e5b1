import "server-only";
import type Stripe from "stripe";
import type { Order } from "../../db/orders";
import { fulfilCheckoutSession } from "../fulfilment";

export async function checkoutSessionAsyncPaymentSucceeded(event: Stripe.CheckoutSessionAsyncPaymentSucceededEvent, order?: Promise<Order | null>): Promise<void> {
  await fulfilCheckoutSession(event.data.object, order);
}
