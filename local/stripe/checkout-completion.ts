import { currentDiscount, type AppliedDiscount } from "./checkout-discounts";
import { applyPricing, lineTaxRates } from "./checkout-session-object";
import { emitPayment, settle, type Outcome } from "./checkout-settlement";
import { newCustomer } from "./customer-routes";
import { newInvoice, type InvoiceLineInput } from "./invoice-builder";
import { newInvoicePayment, newPaymentIntent } from "./payment-objects";
import type { Pricing } from "./session-pricing";
import { seconds, type StripeContext } from "./stripe-context";
import { newId } from "./random-ids";
import type { CheckoutSessionObject, CustomerObject, DiscountObject, Payer, SubscriptionObject } from "./stripe-objects";
import type { CheckoutExtras } from "./stripe-store";
import { newDiscount, newSubscription } from "./subscription-builder";

function redeem(applied: AppliedDiscount | null): void {
  if (!applied) return;
  applied.coupon.times_redeemed += 1;
  if (applied.promotionCode) applied.promotionCode.times_redeemed += 1;
}

function findOrCreateCustomer(ctx: StripeContext, session: CheckoutSessionObject, extras: CheckoutExtras, payer: Payer) {
  const existing = session.customer ? ctx.store.customers.get(session.customer) : undefined;
  if (existing) return { customer: existing, customerIsNew: false };
  // Payment mode makes a Customer only when asked to (`customer_creation: always`) or when an invoice needs one.
  const wanted = session.mode === "subscription" || session.customer_creation === "always" || extras.invoiceCreation;
  if (!wanted) return { customer: null, customerIsNew: false };
  return { customer: newCustomer(ctx, { email: payer.email, name: payer.name }), customerIsNew: true };
}

type Subscribe = { id: string; customer: CustomerObject; discount: DiscountObject | null; paymentMethod: string; delayed: boolean };

/** The subscription (recurring lines only) and the invoice lines, recurring ones billing its items' first period. */
function subscribe(ctx: StripeContext, session: CheckoutSessionObject, extras: CheckoutExtras, lines: InvoiceLineInput[], s: Subscribe) {
  const rates = lineTaxRates(ctx, extras);
  const recurring = extras.lineItems.flatMap((item, i) => (item.price.recurring ? [{ item, taxRates: rates[i] ?? [] }] : []));
  const subscription = newSubscription(ctx, {
    id: s.id,
    customer: s.customer.id,
    currency: session.currency,
    lines: recurring,
    metadata: extras.subscriptionMetadata,
    description: extras.subscriptionDescription,
    discount: s.discount,
    paymentMethod: s.paymentMethod,
    status: s.delayed ? "incomplete" : "active",
  });
  s.customer.currency = session.currency;
  const itemsByPrice = new Map(subscription.items.data.map((si) => [si.price.id, si]));
  const billed = lines.map((line) => {
    const si = itemsByPrice.get(line.item.price.id);
    return si ? { ...line, period: { start: si.current_period_start, end: si.current_period_end }, subscriptionItem: si.id } : line;
  });
  return { subscription, lines: billed };
}

type Bill = { customer: CustomerObject | null; subscription: SubscriptionObject | null; discount: DiscountObject | null; pricing: Pricing };

/** The invoice (for a subscription, or when `invoice_creation` asked for one) and the PaymentIntent for the total. */
function bill(
  ctx: StripeContext,
  session: CheckoutSessionObject,
  extras: CheckoutExtras,
  lines: InvoiceLineInput[],
  payer: Payer,
  paymentMethod: string,
  b: Bill,
) {
  const now = seconds(ctx);
  const { subscription, pricing, customer } = b;
  const invoice =
    subscription || extras.invoiceCreation
      ? newInvoice(ctx, {
          customer,
          currency: session.currency,
          lines,
          pricing,
          discount: b.discount,
          subscription: subscription ? { id: subscription.id, metadata: subscription.metadata } : null,
          billingReason: subscription ? "subscription_create" : "manual",
          period: { start: now, end: now },
        })
      : null;
  if (pricing.total <= 0) return { invoice, intent: null };
  const intent = newPaymentIntent(ctx, {
    amount: pricing.total,
    currency: session.currency,
    customer: customer?.id ?? null,
    description: subscription ? "Subscription creation" : extras.paymentIntentData.description,
    metadata: subscription ? {} : extras.paymentIntentData.metadata,
    paymentMethod,
    receiptEmail: payer.email,
    offSession: Boolean(subscription),
  });
  if (invoice) newInvoicePayment(ctx, invoice.id, intent);
  return { invoice, intent };
}

/**
 * What Checkout does when the customer pays: customer, discount, subscription and its first invoice (or a
 * payment), PaymentIntent and charge; the session becomes `complete`. With `delayed`, the payment stays
 * `processing` until `settleDelayedPayment`. Events follow in Stripe's order.
 */
export function completeCheckout(ctx: StripeContext, session: CheckoutSessionObject, payer: Payer, delayed: boolean): void {
  const extras = ctx.store.checkoutExtras.get(session.id);
  if (!extras) throw new Error(`checkout session ${session.id} has no line items`);
  const purchase = { customer: session.customer, subtotal: session.amount_subtotal, currency: session.currency };
  const applied = currentDiscount(ctx, session.discounts, purchase);
  const pricing = applyPricing(ctx, session, extras, applied);
  const { customer, customerIsNew } = findOrCreateCustomer(ctx, session, extras, payer);
  const subscriptionId = session.mode === "subscription" ? newId("sub") : null;
  const discount = applied
    ? newDiscount(ctx, applied, { customer: customer?.id ?? null, subscription: subscriptionId, checkoutSession: session.id })
    : null;
  redeem(applied);
  const now = seconds(ctx);
  const paymentMethod = newId("pm");
  let lines: InvoiceLineInput[] = extras.lineItems.map((item, i) => ({
    item,
    priced: pricing.lines[i] ?? { amount: 0, discount: 0, taxes: [], tax: 0, total: 0 },
    period: { start: now, end: now },
    subscriptionItem: null,
  }));
  let subscription: SubscriptionObject | null = null;
  if (subscriptionId && customer) {
    ({ subscription, lines } = subscribe(ctx, session, extras, lines, { id: subscriptionId, customer, discount, paymentMethod, delayed }));
  }
  const { invoice, intent } = bill(ctx, session, extras, lines, payer, paymentMethod, { customer, subscription, discount, pricing });
  const outcome: Outcome = { customer, customerIsNew, subscription, invoice, intent, charge: null };
  if (subscription) subscription.latest_invoice = invoice?.id ?? null;
  session.status = "complete";
  session.url = null;
  session.customer = customer?.id ?? null;
  session.subscription = subscription?.id ?? null;
  session.invoice = invoice?.id ?? null;
  session.payment_intent = session.mode === "payment" ? (intent?.id ?? null) : null;
  session.customer_details = {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    business_name: null,
    email: payer.email,
    individual_name: null,
    name: payer.name,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  session.collected_information = { business_name: null, individual_name: null, shipping_details: null };
  extras.pendingPayment = delayed ? payer : null;
  if (!delayed) settle(ctx, session, outcome, payer);
  ctx.store.changed();

  if (customerIsNew && customer) ctx.events.emit("customer.created", customer);
  const created = () => {
    if (subscription) ctx.events.emit("customer.subscription.created", subscription);
  };
  if (delayed) created();
  else emitPayment(ctx, outcome, created);
  ctx.events.emit("checkout.session.completed", session);
}
