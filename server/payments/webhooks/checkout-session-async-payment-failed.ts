import "server-only";
import type Stripe from "stripe";
import type { Order } from "../../db/orders";
import { closeUnpaidCheckout } from "../fulfilment";

export async function checkoutSessionAsyncPaymentFailed(event: Stripe.CheckoutSessionAsyncPaymentFailedEvent, order?: Promise<Order | null>): Promise<void> {
  await closeUnpaidCheckout(event.data.object, "failed", order);
}
