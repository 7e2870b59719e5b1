import "server-only";
import type Stripe from "stripe";
import { normaliseEmail } from "@/lib/email/email-address";
import { db } from "../db/client";
import {
  claimOrdersForConfirmedAccount,
  findOrderIdByCheckoutSession,
  getOrder,
  getOrderForUpdate,
  markOrderPaid,
  setOrderStatus,
  type Order,
} from "../db/payments/orders";
import { hasLiveSeatIn } from "../db/cohorts/member-seats";
import { enrolHeldSeat, getOrderSeatForUpdate, insertEnrolledSeat, releaseHeldSeat } from "../db/cohorts/seats";
import { log } from "../log";
import { queueFulfilmentEmails } from "./fulfilment-emails";
import { refundReplacedCheckout } from "./replaced-checkout-refund";
import { idOf, orderIdFrom } from "./stripe-ids";
import { stripe } from "./stripe-client";
import { syncSubscription } from "./subscription-sync";
import { offerFreePlaces } from "../waitlist/offer-free-places";

export type FulfilmentOutcome =
  | { status: "paid"; order: Order }
  | { status: "replaced"; order: Order }
  | { status: "pending"; order: Order }
  | { status: "open"; order: Order }
  | { status: "closed"; order: Order }
  | { status: "unknown" };

const isPaid = (session: Stripe.Checkout.Session) => session.payment_status === "paid" || session.payment_status === "no_payment_required";

async function orderIdForSession(session: Stripe.Checkout.Session): Promise<string | null> {
  const fromStripe = orderIdFrom(session.metadata?.order_id, session.client_reference_id);
  if (fromStripe) return fromStripe;
  return findOrderIdByCheckoutSession(session.id);
}

/** The order behind a session, only when the session really is the one the order opened. */
export async function orderForSession(session: Stripe.Checkout.Session): Promise<Order | null> {
  const orderId = await orderIdForSession(session);
  const order = orderId ? await getOrder(orderId) : null;
  if (!order) return null;
  if (order.stripeCheckoutSessionId !== null && order.stripeCheckoutSessionId !== session.id) return null;
  return order;
}

function buyerEmail(session: Stripe.Checkout.Session): string | null {
  const email = session.customer_details?.email ?? session.customer_email;
  return email ? normaliseEmail(email) : null;
}

/** Orders whose payment is not recorded yet: open, or closed before Stripe told us it was paid. */
const UNPAID: readonly Order["status"][] = ["pending", "expired", "failed"];

/**
 * Marks the order paid and turns its held seat into a participant seat, in one transaction. A
 * replaced checkout gets no seat: its newer checkout has it, and this payment is refunded.
 */
async function recordPayment(orderId: string, session: Stripe.Checkout.Session): Promise<Order> {
  await db().begin(async (tx) => {
    const order = await getOrderForUpdate(tx, orderId);
    if (!order || !UNPAID.includes(order.status)) return;
    const email = buyerEmail(session) ?? order.email;
    const seat = await getOrderSeatForUpdate(tx, orderId);
    if (seat?.status === "held") {
      await enrolHeldSeat(tx, { seatId: seat.id, userId: order.userId, email });
    } else if (seat?.status !== "enrolled" && !order.replacedAt) {
      // The hold lapsed before the payment landed, or the checkout opened without one (the cohort's
      // hold budget was spent): take a seat if one is still free and the member has none there. A
      // paid order without a seat can choose another cohort from the dashboard.
      const alreadySeated = order.userId !== null && (await hasLiveSeatIn(tx, order.userId, order.cohortId));
      const seated = !alreadySeated && (await insertEnrolledSeat(tx, { cohortId: order.cohortId, orderId, userId: order.userId, email }));
      if (!seated) log.warn("Paid order has no seat: its hold lapsed and no seat could be taken", { orderId, alreadySeated });
    }
    await markOrderPaid(tx, orderId, {
      email,
      amounts: {
        currency: session.currency ?? order.amounts.currency,
        subtotalCents: session.amount_subtotal ?? order.amounts.subtotalCents,
        discountCents: session.total_details?.amount_discount ?? order.amounts.discountCents,
        taxCents: session.total_details?.amount_tax ?? order.amounts.taxCents,
        totalCents: session.amount_total ?? order.amounts.totalCents,
      },
      stripeCustomerId: idOf(session.customer),
      stripeSubscriptionId: idOf(session.subscription),
      stripeInvoiceId: idOf(session.invoice),
    });
    if (!order.userId && email) await claimOrdersForConfirmedAccount(tx, email);
    // D16: the receipt and set-up link are queued with the payment they confirm.
    if (!order.replacedAt) await queueFulfilmentEmails(tx, { id: orderId, email, userId: (await getOrder(orderId, tx))?.userId ?? null });
  });
  return (await getOrder(orderId))!;
}

/**
 * D4: the one fulfilment function. The webhook calls it with the event's session and the success
 * page with a session it retrieved from Stripe; either may come first, twice, or alone. It marks
 * the order paid, converts the held seat and queues the emails (once, in one transaction), then
 * records the subscription. Every step is idempotent, so a retry after a crash finishes the work.
 */
export async function fulfilCheckoutSession(
  session: Stripe.Checkout.Session,
  found: Promise<Order | null> = orderForSession(session),
): Promise<FulfilmentOutcome> {
  const order = await found;
  if (!order) {
    log.warn("Checkout session does not belong to any order", { sessionId: session.id });
    return { status: "unknown" };
  }
  if (session.status === "open") return { status: "open", order };
  if (!isPaid(session) || session.status !== "complete") {
    return { status: order.status === "pending" && session.status === "complete" ? "pending" : "closed", order };
  }
  const paid = await recordPayment(order.id, session);
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncSubscription(subscriptionId);
  if (paid.replacedAt) {
    await refundReplacedCheckout(paid);
    return { status: "replaced", order: paid };
  }
  return { status: "paid", order: paid };
}

/** For the success page: reads the session from Stripe itself, then fulfils it. */
export async function fulfilCheckoutSessionById(sessionId: string): Promise<FulfilmentOutcome> {
  return fulfilCheckoutSession(await stripe().checkout.sessions.retrieve(sessionId));
}

/** An expired or failed checkout gives its held seat back; a paid order is left alone. */
export async function closeUnpaidCheckout(
  session: Stripe.Checkout.Session,
  status: "expired" | "failed",
  found: Promise<Order | null> = orderForSession(session),
): Promise<void> {
  const order = await found;
  if (order) await closeUnpaidOrder(order.id, status);
}

/** Gives a still-pending order's held seat back and closes the order; any other order is left alone. */
export async function closeUnpaidOrder(orderId: string, status: "expired" | "failed"): Promise<void> {
  await db().begin(async (tx) => {
    const locked = await getOrderForUpdate(tx, orderId);
    if (!locked || locked.status !== "pending") return;
    const seat = await getOrderSeatForUpdate(tx, orderId);
    const freedCohortId = seat?.status === "held" ? await releaseHeldSeat(tx, seat.id) : null;
    if (freedCohortId) await offerFreePlaces(tx, freedCohortId);
    await setOrderStatus(tx, orderId, status);
  });
}
