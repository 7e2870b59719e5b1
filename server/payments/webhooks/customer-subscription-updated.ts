import "server-only";
import type Stripe from "stripe";
import { syncSubscription } from "../subscription-sync";

export async function customerSubscriptionUpdated(event: Stripe.CustomerSubscriptionUpdatedEvent): Promise<void> {
  await syncSubscription(event.data.object.id);
}
