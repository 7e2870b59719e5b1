import "server-only";
import type Stripe from "stripe";
import { syncSubscription } from "../subscription-sync";

export async function customerSubscriptionDeleted(event: Stripe.CustomerSubscriptionDeletedEvent): Promise<void> {
  await syncSubscription(event.data.object.id);
}
