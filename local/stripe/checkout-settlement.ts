import { markInvoicePaid } from "./invoice-builder";
import { markInvoicePaymentPaid, succeedPaymentIntent } from "./payment-objects";
import type { StripeContext } from "./stripe-context";
import type {
  ChargeObject,
  CheckoutSessionObject,
  CustomerObject,
  InvoiceObject,
  Payer,
  PaymentIntentObject,
  SubscriptionObject,
} from "./stripe-objects";

/** What a completed checkout created, for settling its payment and for the events that announce it. */
export type Outcome = {
  customer: CustomerObject | null;
  customerIsNew: boolean;
  subscription: SubscriptionObject | null;
  invoice: InvoiceObject | null;
  intent: PaymentIntentObject | null;
  charge: ChargeObject | null;
};

/** Charges the card and marks invoice, subscription and session paid. */
export function settle(ctx: StripeContext, session: CheckoutSessionObject, outcome: Outcome, payer: Payer): void {
  if (outcome.intent) outcome.charge = succeedPaymentIntent(ctx, outcome.intent, payer);
  if (outcome.invoice) {
    markInvoicePaid(ctx, outcome.invoice);
    const payment = ctx.store.invoicePayments.all().find((p) => p.invoice === outcome.invoice?.id);
    if (payment) markInvoicePaymentPaid(ctx, payment);
  }
  if (outcome.subscription) outcome.subscription.status = "active";
  session.payment_status = session.amount_total > 0 ? "paid" : "no_payment_required";
}

/** `charge.succeeded`, `payment_intent.succeeded`, (the subscription's event,) `invoice.paid`, `invoice.payment_succeeded`. */
export function emitPayment(ctx: StripeContext, outcome: Outcome, between: () => void = () => {}): void {
  if (outcome.charge) ctx.events.emit("charge.succeeded", outcome.charge);
  if (outcome.intent) ctx.events.emit("payment_intent.succeeded", outcome.intent);
  between();
  if (outcome.invoice) {
    ctx.events.emit("invoice.paid", outcome.invoice);
    ctx.events.emit("invoice.payment_succeeded", outcome.invoice);
  }
}

function failDelayedPayment(ctx: StripeContext, session: CheckoutSessionObject, outcome: Outcome): void {
  const { intent, invoice } = outcome;
  if (intent) {
    intent.status = "requires_payment_method";
    intent.last_payment_error = { code: "payment_intent_payment_attempt_failed", message: "The payment failed.", type: "card_error" };
  }
  if (invoice) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
  }
  ctx.store.changed();
  if (intent) ctx.events.emit("payment_intent.payment_failed", intent);
  if (invoice) ctx.events.emit("invoice.payment_failed", invoice);
  ctx.events.emit("checkout.session.async_payment_failed", session);
}

/**
 * The delayed payment of a completed session clears (charge, paid invoice, active subscription,
 * `checkout.session.async_payment_succeeded`) or fails (`checkout.session.async_payment_failed`).
 */
export function settleDelayedPayment(ctx: StripeContext, session: CheckoutSessionObject, payer: Payer, succeeded: boolean): void {
  const extras = ctx.store.checkoutExtras.get(session.id);
  if (extras) extras.pendingPayment = null;
  const subscription = session.subscription ? (ctx.store.subscriptions.get(session.subscription) ?? null) : null;
  const invoice = session.invoice ? (ctx.store.invoices.get(session.invoice) ?? null) : null;
  const paymentId =
    session.payment_intent ?? ctx.store.invoicePayments.all().find((p) => p.invoice === invoice?.id)?.payment.payment_intent;
  const intent = paymentId ? (ctx.store.paymentIntents.get(paymentId) ?? null) : null;
  const outcome: Outcome = { customer: null, customerIsNew: false, subscription, invoice, intent, charge: null };
  if (!succeeded) return failDelayedPayment(ctx, session, outcome);
  const previous = subscription ? { status: subscription.status } : null;
  settle(ctx, session, outcome, payer);
  ctx.store.changed();
  emitPayment(ctx, outcome, () => {
    if (subscription && previous) ctx.events.emit("customer.subscription.updated", subscription, { previous });
  });
  ctx.events.emit("checkout.session.async_payment_succeeded", session);
}
