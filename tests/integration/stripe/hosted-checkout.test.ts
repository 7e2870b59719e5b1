import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CARDS,
  payCheckoutSession,
  settleAsyncPayment,
  startStripeStandIn,
  stripeClientFor,
  type TestStripe,
} from "../../fixtures/stripe-stand-in";
import { createSalesTax, idOf, paidSubscriptionSession, subscriptionParams } from "./checkout-helpers";

let standIn: TestStripe;
let stripe: Stripe;
let tax: Stripe.TaxRate;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeClientFor(standIn);
  tax = await createSalesTax(stripe);
});
afterAll(async () => {
  await standIn.stop();
});

const pageUrl = (id: string) => `${standIn.url}/c/pay/${id}`;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

function submit(id: string, fields: Record<string, string>) {
  return fetch(pageUrl(id), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action: "pay", exp: `12 / ${nextYear}`, cvc: "123", name: "Ada Lovelace", ...fields }),
  });
}

describe("the hosted checkout page", () => {
  it("shows the lines, discount-free totals and a labelled, autocompleting card form", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id, { customer_email: "fixed@example.com" }));
    const response = await fetch(pageUrl(session.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport"');
    for (const [id, label] of [
      ["email", "Email"],
      ["cardnumber", "Card number"],
      ["exp", "Expiration (MM / YY)"],
      ["cvc", "CVC"],
      ["name", "Name on card"],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}" name="${id}"`);
    }
    for (const token of ["email", "cc-number", "cc-exp", "cc-csc", "cc-name"]) expect(html).toContain(`autocomplete="${token}"`);
    expect(html).toMatch(/<input id="email" name="email" value="fixed@example\.com"[^>]*readonly/);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Glucose Challenge — 3 months");
    expect(html).toContain("Billed every 3 months");
    expect(html).toContain("$149.00");
    expect(html).toContain("Sales tax (8%)");
    expect(html).toContain("$11.92");
    expect(html).toContain("Subscribe — $160.92");
    expect(html).toContain(`<a class="back" href="http://localhost:3000/pricing?canceled=${session.id}">← Back</a>`);
    expect(html).not.toMatch(/<script|<link /);
  });

  it("a 4242 payment redirects (303) to the success URL with the session id filled in", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const response = await submit(session.id, { email: "page@example.com", cardnumber: "4242 4242 4242 4242" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/checkout/success?session_id=${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete", payment_status: "paid" });
    const after = await (await fetch(pageUrl(session.id))).text();
    expect(after).toContain("Payment complete");
  });

  it.each([
    [CARDS.declined, "Your card was declined."],
    [CARDS.insufficientFunds, "Your card has insufficient funds."],
  ])("a declined card (%s) re-renders with 402 and the message, keeping the fields but not the CVC", async (card, message) => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const response = await submit(session.id, { email: "decline@example.com", cardnumber: card });
    expect(response.status).toBe(402);
    const html = await response.text();
    expect(html).toContain(`<p id="form-error" class="error" role="alert">${message.replace("'", "&#39;")}</p>`);
    expect(html).toContain('value="decline@example.com"');
    expect(html).toContain(`value="${card}"`);
    expect(html).toMatch(/<input id="cvc" name="cvc" value=""/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("checks the card before charging: Luhn, expiry in the future, CVC length, email", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const cases: [Record<string, string>, string][] = [
      [{ email: "x@example.com", cardnumber: "4242 4242 4242 4241" }, "Your card number is invalid."],
      [{ email: "x@example.com", cardnumber: CARDS.visa, exp: "01 / 20" }, "Your card&#39;s expiration year is in the past."],
      [{ email: "x@example.com", cardnumber: CARDS.visa, cvc: "1" }, "Your card&#39;s security code is incomplete."],
      [{ email: "not-an-email", cardnumber: CARDS.visa }, "Your email address is invalid."],
    ];
    for (const [fields, message] of cases) {
      const response = await submit(session.id, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const expired = await payCheckoutSession(standIn, session.id, CARDS.expired, { email: "x@example.com" });
    expect(expired).toMatchObject({ status: 402, body: { outcome: "declined", code: "expired_card", message: "Your card has expired." } });
    const cvc = await payCheckoutSession(standIn, session.id, CARDS.incorrectCvc, { email: "x@example.com" });
    expect(cvc.body).toMatchObject({ code: "incorrect_cvc", message: "Your card's security code is incorrect." });
  });

  it("an expired session's page says so and links back", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    await stripe.checkout.sessions.expire(session.id);
    const html = await (await fetch(pageUrl(session.id))).text();
    expect(html).toContain("This checkout session has expired");
    expect(html).toContain("← Back</a>");
    const paid = await submit(session.id, { email: "late@example.com", cardnumber: CARDS.visa });
    expect(paid.status).toBe(400);
  });

  it("applies a promotion code typed on the page (case-insensitive) when allow_promotion_codes is set", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: "once" });
    const code = `PAGE${Date.now()}`;
    await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code });
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id, { allow_promotion_codes: true }));
    const bad = await fetch(pageUrl(session.id), {
      method: "POST",
      body: new URLSearchParams({ action: "apply_promotion_code", promotion_code: "NOPE" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This code is invalid.");
    const applied = await fetch(pageUrl(session.id), {
      method: "POST",
      body: new URLSearchParams({ action: "apply_promotion_code", promotion_code: code.toLowerCase() }),
    });
    expect(applied.status).toBe(200);
    expect(await applied.text()).toContain("Subscribe — $144.83");
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ amount_total: 14483, discounts: [{ coupon: coupon.id }] });
  });
});

describe("after a successful payment", () => {
  it("session, customer, subscription, invoice, payment and charge are retrievable and agree", async () => {
    const started = Math.floor(Date.now() / 1000);
    const session = await paidSubscriptionSession(standIn, stripe, tax.id, {}, "ada@example.com");
    expect(session).toMatchObject({
      status: "complete",
      payment_status: "paid",
      customer_details: { email: "ada@example.com", name: "Ada Lovelace" },
      url: null,
    });
    const customer = await stripe.customers.retrieve(idOf(session.customer));
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada Lovelace" });

    const subscription = await stripe.subscriptions.retrieve(idOf(session.subscription));
    expect(subscription).toMatchObject({
      status: "active",
      customer: customer.id,
      metadata: { user_id: "user_123", plan: "quarterly" },
      cancel_at_period_end: false,
    });
    expect(subscription.items.data).toHaveLength(1);
    const item = subscription.items.data[0];
    const expectedEnd = new Date(item?.current_period_start ? item.current_period_start * 1000 : 0);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 3);
    expect(item?.current_period_start).toBeGreaterThanOrEqual(started);
    expect(Math.abs((item?.current_period_end ?? 0) - expectedEnd.getTime() / 1000)).toBeLessThanOrEqual(3 * 86400);
    expect(item?.price.recurring).toMatchObject({ interval: "month", interval_count: 3 });
    expect(item?.tax_rates?.[0]?.id).toBe(tax.id);

    const invoice = await stripe.invoices.retrieve(idOf(session.invoice), { expand: ["payments"] });
    expect(invoice).toMatchObject({
      status: "paid",
      total: 16092,
      amount_paid: 16092,
      amount_remaining: 0,
      subtotal: 14900,
      customer: customer.id,
      billing_reason: "subscription_create",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { plan: "quarterly", user_id: "user_123" } },
      },
    });
    expect(subscription.latest_invoice).toBe(invoice.id);
    expect(invoice.lines.data.map((l) => [l.amount, l.parent?.type])).toEqual([
      [9900, "subscription_item_details"],
      [5000, "invoice_item_details"],
    ]);
    expect(invoice.total_taxes?.[0]).toMatchObject({ amount: 1192, tax_rate_details: { tax_rate: tax.id } });

    const payment = invoice.payments?.data[0];
    const intentId = payment?.payment.payment_intent;
    expect(payment).toMatchObject({ object: "invoice_payment", status: "paid", amount_paid: 16092 });
    const lookedUp = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: idOf(intentId) } });
    expect(lookedUp.data.map((p) => p.invoice)).toEqual([invoice.id]);
    const intent = await stripe.paymentIntents.retrieve(idOf(intentId));
    expect(intent).toMatchObject({ status: "succeeded", amount: 16092, amount_received: 16092, customer: customer.id });
    const charge = await stripe.charges.retrieve(idOf(intent.latest_charge));
    expect(charge).toMatchObject({
      amount: 16092,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: "succeeded",
      payment_intent: intent.id,
      customer: customer.id,
      billing_details: { email: "ada@example.com", name: "Ada Lovelace" },
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
    });
  });

  it("a payment-mode checkout makes a PaymentIntent and no Customer unless customer_creation is always", async () => {
    const line = { price_data: { currency: "usd", unit_amount: 4000, product_data: { name: "Kit" } }, quantity: 1 };
    const guest = await stripe.checkout.sessions.create({ mode: "payment", success_url: "http://localhost:3000/ok", line_items: [line] });
    await payCheckoutSession(standIn, guest.id, CARDS.visa, { email: "guest@example.com" });
    const paidGuest = await stripe.checkout.sessions.retrieve(guest.id, { expand: ["payment_intent.latest_charge"] });
    expect(paidGuest).toMatchObject({ customer: null, subscription: null, invoice: null, payment_status: "paid" });
    expect(typeof paidGuest.payment_intent === "object" && paidGuest.payment_intent?.status).toBe("succeeded");

    const always = await stripe.checkout.sessions.create({
      mode: "payment",
      customer_creation: "always",
      line_items: [line],
      success_url: "http://localhost:3000/ok",
    });
    await payCheckoutSession(standIn, always.id, CARDS.visa, { email: "always@example.com" });
    const customer = (await stripe.checkout.sessions.retrieve(always.id)).customer;
    expect(customer).toMatch(/^cus_/);
  });

  it("a delayed (async) payment completes the session unpaid, then clears", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const paid = await payCheckoutSession(standIn, session.id, CARDS.visa, { email: "slow@example.com", async: true });
    expect(paid.status).toBe(200);
    const pending = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(pending).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect(typeof pending.subscription === "object" && pending.subscription?.status).toBe("incomplete");

    const cleared = await settleAsyncPayment(standIn, session.id, "succeeded");
    expect(cleared).toMatchObject({ status: 200, body: { payment_status: "paid" } });
    expect((await stripe.subscriptions.retrieve(idOf(pending.subscription))).status).toBe("active");
    const types = (await stripe.events.list({ limit: 100 })).data.map((e) => e.type);
    expect(types).toContain("checkout.session.async_payment_succeeded");
    expect((await settleAsyncPayment(standIn, session.id, "succeeded")).status).toBe(400);
  });
});
