import "server-only";
import { db } from "../db/client";
import { getOrderForUpdate } from "../db/payments/orders";
import { releaseOrderSeats } from "../db/cohorts/seats";
import { log } from "../log";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { idOf } from "./stripe-ids";
import { stripe } from "./stripe-client";
import { syncSubscription } from "./subscription-sync";

// A purchase whose money went back (a full refund, a lost dispute) ends the member's access: the
// seat returns to its cohort and the subscription stops, so nothing is billed for a plan that is
// no longer theirs.

/** The PaymentIntent that paid an invoice, if it was paid by one. */
export async function paymentIntentOfInvoice(invoiceId: string): Promise<string | null> {
  const payments = await stripe().invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const payment = payments.data.find((p) => p.status === "paid") ?? payments.data[0];
  return payment?.payment.type === "payment_intent" ? idOf(payment.payment.payment_intent) : null;
}

/** Ends a subscription now (no further invoices, no proration); one that has ended already is left alone. */
export async function cancelSubscriptionNow(subscriptionId: string): Promise<void> {
  const ended = (status: string) => status === "canceled" || status === "incomplete_expired";
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  if (!ended(subscription.status)) {
    try {
      await stripe().subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Another delivery of the same event cancelled it a moment ago: nothing is left to do.
      if (!ended((await stripe().subscriptions.retrieve(subscriptionId)).status)) throw error;
    }
  }
  await syncSubscription(subscriptionId);
}

/** A refunded or charged-back order: its seats go back to their cohorts and its subscription ends. */
export async function endOrderAccess(orderId: string): Promise<void> {
  const order = await db().begin(async (tx) => {
    const locked = await getOrderForUpdate(tx, orderId);
    if (!locked || (locked.status !== "refunded" && locked.status !== "charged_back")) return null;
    const freedCohortIds = await releaseOrderSeats(tx, orderId);
    for (const cohortId of freedCohortIds) await offerFreePlaces(tx, cohortId, { orderId });
    if (freedCohortIds.length > 0) log.info("Access ended: the order's seat went back to its cohort", { orderId, status: locked.status });
    return locked;
  });
  if (order?.stripeSubscriptionId) await cancelSubscriptionNow(order.stripeSubscriptionId);
}
