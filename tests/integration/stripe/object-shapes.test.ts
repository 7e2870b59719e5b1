import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  disputeCharge,
  startStripeStandIn,
  startWebhookReceiver,
  stripeClientFor,
  type TestStripe,
  type WebhookReceiver,
} from "../../fixtures/stripe-stand-in";
import { createSalesTax, idOf, paidSubscriptionSession, subscriptionParams } from "./checkout-helpers";
import { fixture, fixturesAvailable, missingKeys } from "./fixture-keys";

// Every object the stand-in returns carries every field of Stripe's example object for that resource
// (stripe/openapi fixtures3.json). Omissions would be listed here with their reason; there are none.
const ALLOWED_MISSING: Record<string, string[]> = {};

let receiver: WebhookReceiver;
let standIn: TestStripe;
let stripe: Stripe;
const objects: [string, string, unknown][] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({ webhooks: [{ url: receiver.url }] });
  stripe = stripeClientFor(standIn);
  const tax = await createSalesTax(stripe);
  const coupon = await stripe.coupons.create({ percent_off: 10, duration: "repeating", duration_in_months: 2 });
  const promo = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id } });
  const open = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
  const session = await paidSubscriptionSession(standIn, stripe, tax.id, { discounts: [{ promotion_code: promo.id }] });
  const subscription = await stripe.subscriptions.retrieve(idOf(session.subscription));
  const invoice = await stripe.invoices.retrieve(idOf(session.invoice), { expand: ["discounts"] });
  const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id })).data;
  const intent = await stripe.paymentIntents.retrieve(idOf(payment?.payment.payment_intent));
  const charge = await stripe.charges.retrieve(idOf(intent.latest_charge));
  const refund = await stripe.refunds.create({ charge: charge.id, amount: 100 });
  const dispute = (await disputeCharge(standIn, charge.id)).body;
  const item = subscription.items.data[0];
  const [lineItem] = (await stripe.checkout.sessions.listLineItems(open.id)).data;
  const endpoint = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ["charge.refunded"] });
  const event = (await stripe.events.list({ limit: 1 })).data[0];
  const completed = (await stripe.events.list({ type: "checkout.session.completed", limit: 1 })).data[0];
  const price = await stripe.prices.retrieve(idOf(item?.price.id));
  objects.push(
    ["checkout.session", "open session", open],
    ["checkout.session", "completed session", session],
    ["customer", "customer", await stripe.customers.retrieve(idOf(session.customer))],
    ["subscription", "subscription", subscription],
    ["subscription_item", "subscription item", item],
    ["plan", "subscription item plan", item?.plan],
    ["price", "price", price],
    ["product", "product", await stripe.products.retrieve(idOf(price.product as string))],
    ["invoice", "invoice", invoice],
    ["line_item", "invoice line", invoice.lines.data[0]],
    ["discount", "discount", invoice.discounts[0]],
    ["invoice_payment", "invoice payment", payment],
    ["payment_intent", "payment intent", intent],
    ["charge", "charge", await stripe.charges.retrieve(charge.id)],
    ["refund", "refund", refund],
    ["dispute", "dispute", await stripe.disputes.retrieve(dispute.id)],
    ["coupon", "coupon", await stripe.coupons.retrieve(coupon.id)],
    ["promotion_code", "promotion code", await stripe.promotionCodes.retrieve(promo.id)],
    ["tax_rate", "tax rate", tax],
    ["item", "checkout line item", lineItem],
    ["webhook_endpoint", "webhook endpoint", endpoint],
    ["event", "event", event],
    ["checkout.session", "checkout.session.completed payload", completed?.data.object],
    ["deleted_coupon", "deleted coupon", await stripe.coupons.del((await stripe.coupons.create({ percent_off: 1 })).id)],
    ["deleted_webhook_endpoint", "deleted webhook endpoint", await stripe.webhookEndpoints.del(endpoint.id)],
  );
});
afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

describe.skipIf(!fixturesAvailable)("objects carry every field of Stripe's fixtures", () => {
  it("for each resource the stand-in serves", () => {
    expect(objects.length).toBeGreaterThan(20);
    const report = objects
      .map(([resource, label, actual]) => {
        const allowed = new Set(ALLOWED_MISSING[resource] ?? []);
        const missing = missingKeys(actual, fixture(resource)).filter((key) => !allowed.has(key));
        return missing.length ? `${label} (${resource}): ${missing.join(", ")}` : null;
      })
      .filter(Boolean);
    expect(report).toEqual([]);
  });

  it("livemode is false everywhere", () => {
    for (const [, label, actual] of objects) {
      if (actual && typeof actual === "object" && "livemode" in actual) expect(actual.livemode, label).toBe(false);
    }
  });
});
