import "server-only";
import type Stripe from "stripe";
import { claimStripeEvent, forgetStripeEvent, markStripeEventProcessed } from "../db/stripe-events";
import { ApiError } from "../http/api-error";
import type { Order } from "../db/orders";
import { orderForSession } from "./fulfilment";
import { constructStripeEvent } from "./stripe-client";
import { chargeDisputeClosed } from "./webhooks/charge-dispute-closed";
import { chargeRefunded } from "./webhooks/charge-refunded";
import { checkoutSessionAsyncPaymentFailed } from "./webhooks/checkout-session-async-payment-failed";
import { checkoutSessionAsyncPaymentSucceeded } from "./webhooks/checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./webhooks/checkout-session-completed";
import { checkoutSessionExpired } from "./webhooks/checkout-session-expired";
import { customerSubscriptionDeleted } from "./webhooks/customer-subscription-deleted";
import { customerSubscriptionUpdated } from "./webhooks/customer-subscription-updated";
import { invoicePaid } from "./webhooks/invoice-paid";
import { invoicePaymentFailed } from "./webhooks/invoice-payment-failed";

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "charge.refunded",
  "charge.dispute.closed",
] as const satisfies readonly Stripe.Event.Type[];

/**
 * The order a checkout event is about, read while the event is being claimed (the two statements
 * share one round trip); null for other events. A read only: nothing is done with it unless the
 * claim succeeds, and fulfilment locks and checks the order again before it changes anything.
 */
function sessionOrder(event: Stripe.Event): Promise<Order | null> | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return orderForSession(event.data.object);
    default:
      return null;
  }
}

/** The handler for an event type we act on; null for every other type. */
function handlerFor(event: Stripe.Event, order?: Promise<Order | null>): (() => Promise<void>) | null {
  switch (event.type) {
    case "checkout.session.completed":
      return () => checkoutSessionCompleted(event, order);
    case "checkout.session.async_payment_succeeded":
      return () => checkoutSessionAsyncPaymentSucceeded(event, order);
    case "checkout.session.async_payment_failed":
      return () => checkoutSessionAsyncPaymentFailed(event, order);
    case "checkout.session.expired":
      return () => checkoutSessionExpired(event, order);
    case "customer.subscription.updated":
      return () => customerSubscriptionUpdated(event);
    case "customer.subscription.deleted":
      return () => customerSubscriptionDeleted(event);
    case "invoice.paid":
      return () => invoicePaid(event);
    case "invoice.payment_failed":
      return () => invoicePaymentFailed(event);
    case "charge.refunded":
      return () => chargeRefunded(event);
    case "charge.dispute.closed":
      return () => chargeDisputeClosed(event);
    default:
      return null;
  }
}

export type WebhookOutcome = { received: true; handled: boolean; duplicate: boolean };

function verify(payload: string, signature: string | null): Stripe.Event {
  if (!signature) throw new ApiError("invalid_signature", "Missing Stripe-Signature header.");
  try {
    return constructStripeEvent(payload, signature);
  } catch {
    throw new ApiError("invalid_signature", "The Stripe signature does not match this payload.");
  }
}

/**
 * D4 and STYLE: verify the raw body, process each event id once, one handler per event type, 2xx
 * for everything we do not handle. A handler that fails forgets the claim and answers 500, so
 * Stripe's retry processes the event again.
 */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookOutcome> {
  const event = verify(payload, signature);
  const order = sessionOrder(event) ?? undefined;
  // Awaited by the handler (or not at all, for a duplicate): a failed read must not go unhandled meanwhile.
  order?.catch(() => {});
  const handler = handlerFor(event, order);
  if (!handler) return { received: true, handled: false, duplicate: false };
  if (!(await claimStripeEvent(event.id, event.type))) return { received: true, handled: true, duplicate: true };
  try {
    await handler();
  } catch (error) {
    await forgetStripeEvent(event.id);
    throw error;
  }
  await markStripeEventProcessed(event.id);
  return { received: true, handled: true, duplicate: false };
}
