import "server-only";
import type Stripe from "stripe";
import { z } from "zod";
import { STALE_PENDING_MINUTES } from "@/lib/operator/health";
import { getOrderStates, getOrderToCheck, recordedSubscriptionIds } from "../db/payments/reconciliation";
import { log } from "../log";
import { fulfilCheckoutSession } from "../payments/fulfilment";
import { cancelSubscriptionNow } from "../payments/order-access";
import { stripe } from "../payments/stripe-client";
import { idOf, orderIdFrom } from "../payments/stripe-ids";
import { syncSubscription } from "../payments/subscription-sync";
import { retrieveSession, settleLapsedCheckout } from "./lapsed-seat-holds";
import { runEach } from "./run-each";

// D4 + D16: webhooks are how Stripe tells us of a payment, but one can be lost or arrive after the
// order was closed here. Every run reads back what Stripe says of the last 3 days (as long as
// Stripe retries an event) and repairs what disagrees:
// - a completed, paid Checkout Session whose order is pending, expired or failed here is fulfilled
//   (fulfilCheckoutSession is idempotent): a paid order is never left expired;
// - a paid first invoice of a subscription whose order is paid but whose subscription row is
//   missing gets the row;
// - a paid first invoice of a subscription whose order is still not paid once its checkout was
//   fulfilled (the checkout is not the order's, or Stripe does not call it paid) means a
//   subscription with no seat behind it: it is cancelled, so it is never left billing, and logged
//   as an error for an operator to refund the first payment. Only an invoice paid more than an
//   hour ago counts, so a payment whose checkout is still completing is not mistaken for one.

const LOOKBACK_SECONDS = 3 * 86_400;
const SETTLING_SECONDS = 3600;
const UNPAID = new Set(["pending", "expired", "failed"]);

export type ReconciliationOutcome = { fulfilled: number; subscriptionsRecorded: number; subscriptionsCancelled: number };

const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");

const orderOfSession = (session: Stripe.Checkout.Session) => orderIdFrom(session.metadata?.order_id, session.client_reference_id);

async function reconcileCheckouts(since: number, outcome: ReconciliationOutcome): Promise<void> {
  const paid: Stripe.Checkout.Session[] = [];
  for await (const session of stripe().checkout.sessions.list({ status: "complete", created: { gte: since }, limit: 100 })) {
    if (isPaid(session) && orderOfSession(session)) paid.push(session);
  }
  const states = await getOrderStates(paid.flatMap((session) => orderOfSession(session) ?? []));
  const unpaid = new Set(states.filter((order) => UNPAID.has(order.status)).map((order) => order.id));
  const missed = paid.filter((session) => unpaid.has(orderOfSession(session) ?? ""));
  await runEach(missed, "paid checkout", async (session) => {
    const result = await fulfilCheckoutSession(session);
    if (result.status === "paid" || result.status === "replaced") {
      outcome.fulfilled += 1;
      log.warn("Reconciliation fulfilled a paid checkout the webhook had not", { sessionId: session.id, orderId: result.order.id });
    }
  });
}

type FirstInvoice = { invoiceId: string; subscriptionId: string; orderId: string; paidAt: number };

/** The subscription's own checkout, fulfilled if Stripe calls it paid; whether its order is paid now. */
async function fulfilSubscriptionCheckout(subscriptionId: string): Promise<boolean> {
  const [session] = (await stripe().checkout.sessions.list({ subscription: subscriptionId, limit: 1 })).data;
  if (!session || !isPaid(session)) return false;
  const result = await fulfilCheckoutSession(session);
  return result.status === "paid" || result.status === "replaced";
}

async function reconcileFirstInvoices(since: number, now: number, outcome: ReconciliationOutcome): Promise<void> {
  const first: FirstInvoice[] = [];
  for await (const invoice of stripe().invoices.list({ status: "paid", created: { gte: since }, limit: 100 })) {
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    const orderId = orderIdFrom(details?.metadata?.order_id);
    if (invoice.billing_reason !== "subscription_create" || !subscriptionId || !orderId || !invoice.id) continue;
    first.push({ invoiceId: invoice.id, subscriptionId, orderId, paidAt: invoice.status_transitions.paid_at ?? invoice.created });
  }
  const status = new Map((await getOrderStates(first.map((i) => i.orderId))).map((order) => [order.id, order.status]));
  const recorded = await recordedSubscriptionIds(first.map((i) => i.subscriptionId));
  await runEach(first, "paid first invoice", async (invoice) => {
    const orderStatus = status.get(invoice.orderId);
    if (orderStatus === undefined) return;
    if (!UNPAID.has(orderStatus)) {
      if (!recorded.has(invoice.subscriptionId)) {
        await syncSubscription(invoice.subscriptionId);
        outcome.subscriptionsRecorded += 1;
      }
      return;
    }
    if (now - invoice.paidAt < SETTLING_SECONDS) return;
    if (await fulfilSubscriptionCheckout(invoice.subscriptionId)) {
      outcome.fulfilled += 1;
      return;
    }
    await cancelSubscriptionNow(invoice.subscriptionId);
    outcome.subscriptionsCancelled += 1;
    log.error("A subscription was billing for an order that was never paid: it is cancelled; refund its first invoice", invoice);
  });
}

/** The stripe-reconciliation job. `now` is the moment it judges from (a test may move it on). */
export async function reconcileWithStripe(now: Date = new Date()): Promise<ReconciliationOutcome> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const since = nowSeconds - LOOKBACK_SECONDS;
  const outcome: ReconciliationOutcome = { fulfilled: 0, subscriptionsRecorded: 0, subscriptionsCancelled: 0 };
  await reconcileCheckouts(since, outcome);
  await reconcileFirstInvoices(since, nowSeconds, outcome);
  return outcome;
}

export type OrderCheckOutcome = "unknown_order" | "fulfilled" | "closed" | "awaiting_payment" | "open" | "subscription_recorded" | "agrees";

/**
 * One order checked with Stripe now (an operator's "Check with Stripe now", a stripe-order-check
 * job), with the steps the scheduled work takes for it:
 * - pending past the time its checkout could be paid in: settled as a lapsed checkout is (paid at
 *   Stripe: fulfilled; still open there: expired, then closed here; else closed here);
 * - pending with its checkout still open, or closed here (expired, failed): fulfilled when Stripe
 *   has its payment, as the reconciliation does; otherwise left as it is;
 * - paid with a Stripe subscription that has no row here: the row is recorded.
 * Every step is idempotent. The bulk run's last step (cancelling a subscription whose order was
 * never paid) needs Stripe's invoices and stays with it (reconcileWithStripe).
 */
export async function reconcileOrder(orderId: string, now: Date = new Date()): Promise<OrderCheckOutcome> {
  const order = await getOrderToCheck(orderId);
  if (!order) return "unknown_order";
  if (UNPAID.has(order.status)) {
    const lapsed = now.getTime() - order.createdAt.getTime() >= STALE_PENDING_MINUTES * 60_000;
    if (order.status === "pending" && lapsed) return settleLapsedCheckout(order);
    const session = order.checkoutSessionId ? await retrieveSession(order.checkoutSessionId) : null;
    if (session && isPaid(session)) {
      const result = await fulfilCheckoutSession(session);
      if (result.status === "paid" || result.status === "replaced") {
        log.warn("A check with Stripe fulfilled a paid checkout the webhook had not", { sessionId: session.id, orderId });
        return "fulfilled";
      }
    }
    return order.status === "pending" && session?.status === "open" ? "open" : "agrees";
  }
  if (order.status === "paid" && order.subscriptionId && !order.subscriptionRecorded) {
    await syncSubscription(order.subscriptionId);
    return "subscription_recorded";
  }
  return "agrees";
}

/** The stripe-order-check job: one order checked, and what the check found logged. */
export async function checkOrderWithStripe(orderId: string): Promise<OrderCheckOutcome> {
  const outcome = await reconcileOrder(z.uuid().parse(orderId));
  log.info("An order was checked with Stripe", { orderId, outcome });
  return outcome;
}
