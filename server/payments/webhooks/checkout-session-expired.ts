import "server-only";
import type Stripe from "stripe";
import type { Order } from "../../db/orders";
import { closeUnpaidCheckout } from "../fulfilment";

/** D3: the 30-minute checkout ran out; its held seat goes back to the cohort. */
export async function checkoutSessionExpired(event: Stripe.CheckoutSessionExpiredEvent, order?: Promise<Order | null>): Promise<void> {
  await closeUnpaidCheckout(event.data.object, "expired", order);
}
