import "server-only";
import type Stripe from "stripe";
import { z } from "zod";
import { db } from "../db/client";
import {
  insertStripeEvent,
  markStripeEventProcessed,
  recordStripeEventFailure,
  startStripeEventAttempt,
} from "../db/payments/stripe-events";
import { ApiError } from "../http/api-error";
import { enqueueJob } from "../jobs/enqueue-job";
import type { JobAttempt } from "../jobs/job-queues";
import { log } from "../log";
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

/** The handler for an event type we act on; null for every other type. */
function handlerFor(event: Stripe.Event): (() => Promise<void>) | null {
  switch (event.type) {
    case "checkout.session.completed":
      return () => checkoutSessionCompleted(event);
    case "checkout.session.async_payment_succeeded":
      return () => checkoutSessionAsyncPaymentSucceeded(event);
    case "checkout.session.async_payment_failed":
      return () => checkoutSessionAsyncPaymentFailed(event);
    case "checkout.session.expired":
      return () => checkoutSessionExpired(event);
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

/** The answer's `data` for Stripe (which reads only the 2xx): kept for the delivery log in its dashboard. */
export const webhookOutcomeSchema = z.object({ received: z.literal(true), handled: z.boolean(), duplicate: z.boolean() });
export type WebhookOutcome = z.infer<typeof webhookOutcomeSchema>;

function verify(payload: string, signature: string | null): Stripe.Event {
  if (!signature) throw new ApiError("invalid_signature", "Missing Stripe-Signature header.");
  try {
    return constructStripeEvent(payload, signature);
  } catch {
    throw new ApiError("invalid_signature", "The Stripe signature does not match this payload.");
  }
}

/**
 * D4, D16 and STYLE: verify the raw body, then store the event with the job that processes it and
 * answer at once (2xx for every type we do not handle, too). The work is the job's: retried until
 * it is done, so an answer never stands for work that could still be lost. A repeated delivery of
 * a stored event is answered the same way and changes nothing (duplicate: true).
 */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookOutcome> {
  const event = verify(payload, signature);
  if (!handlerFor(event)) return { received: true, handled: false, duplicate: false };
  const stored = await storeStripeEvent(event);
  return { received: true, handled: true, duplicate: !stored };
}

/** Stores a verified event with the job that processes it, in one transaction; false when it was stored before. */
function storeStripeEvent(event: Stripe.Event): Promise<boolean> {
  return db().begin(async (tx) => {
    if (!(await insertStripeEvent(tx, event))) return false;
    await enqueueJob(tx, "stripe-event", { eventId: event.id });
    return true;
  });
}

const storedEventSchema = z
  .object({ id: z.string(), type: z.enum(HANDLED_EVENT_TYPES), data: z.object({ object: z.object({}).loose() }).loose() })
  .loose();

/**
 * The stripe-event job: runs the event's handler, then marks it processed. Every handler is
 * idempotent and order-tolerant (D4), so a retry after a crash at any line finishes the work
 * without doing any of it twice.
 */
export async function processStoredStripeEvent(eventId: string, attempt: JobAttempt): Promise<void> {
  const stored = await startStripeEventAttempt(eventId);
  if (!stored || stored.processedAt) return;
  const parsed = storedEventSchema.safeParse(stored.payload);
  if (!parsed.success || parsed.data.id !== stored.id) {
    log.error("A stored Stripe event cannot be read; it is left unprocessed", { eventId });
    return;
  }
  // The payload whose signature was verified before it was stored, as Stripe sent it.
  const handler = handlerFor(stored.payload as Stripe.Event);
  if (!handler) return;
  try {
    await handler();
  } catch (error) {
    await recordStripeEventFailure(eventId, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    if (attempt.isLastAttempt) log.error("A Stripe event could not be processed; it is left for reconciliation", { eventId, error });
    throw error;
  }
  await markStripeEventProcessed(eventId);
}
