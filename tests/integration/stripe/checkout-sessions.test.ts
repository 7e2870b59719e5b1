import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, stripeClientFor, type TestStripe } from "../../fixtures/stripe-stand-in";
import { CANCEL_URL, createSalesTax, rejection, subscriptionParams, SUCCESS_URL } from "./checkout-helpers";

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

describe("creating a subscription Checkout Session", () => {
  it("computes subtotal, 8% exclusive tax per line and the total as Checkout does", async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    expect(session.id).toMatch(/^cs_test_a1[A-Za-z0-9]{56}$/);
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      currency: "usd",
      amount_subtotal: 14900,
      amount_total: 16092,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 1192 },
      discounts: [],
      livemode: false,
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      client_reference_id: "user_123",
      metadata: { user_id: "user_123" },
      customer: null,
      subscription: null,
      url: `http://localhost:${standIn.port}/c/pay/${session.id}`,
    });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(session.expires_at).toBeLessThanOrEqual(before + 24 * 3600 + 5);

    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((i) => [i.description, i.amount_subtotal, i.amount_discount, i.amount_tax, i.amount_total])).toEqual([
      ["Glucose Challenge — 3 months", 9900, 0, 792, 10692],
      ["CGM sensor", 5000, 0, 400, 5400],
    ]);
    expect(items.data[0]?.object).toBe("item");
    expect(items.data[0]?.price?.recurring).toMatchObject({ interval: "month", interval_count: 3 });
    expect(items.data[0]?.price?.id).toMatch(/^price_/);
    expect(items.data[1]?.price?.type).toBe("one_time");
  });

  it("applies a 10%-off-once promotion code per line, before tax", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: "once", name: "Launch" });
    const code = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: `LAUNCH${Date.now()}` });
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id, { discounts: [{ promotion_code: code.id }] }));
    // 990 + 500 off; tax round(8910 × 8%) + round(4500 × 8%) = 713 + 360.
    expect(session).toMatchObject({
      amount_subtotal: 14900,
      amount_total: 14483,
      total_details: { amount_discount: 1490, amount_tax: 1073 },
    });
    expect(session.discounts).toEqual([{ coupon: coupon.id, promotion_code: code.id }]);
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["discounts.promotion_code", "discounts.coupon"] });
    const [discount] = expanded.discounts ?? [];
    expect(typeof discount?.promotion_code === "object" && discount.promotion_code?.code).toBe(code.code);
    expect(typeof discount?.coupon === "object" && discount.coupon?.percent_off).toBe(10);
  });

  it("spreads a fixed-amount coupon over the lines in proportion", async () => {
    const coupon = await stripe.coupons.create({ amount_off: 1000, currency: "usd", duration: "forever" });
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id, { discounts: [{ coupon: coupon.id }] }));
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((i) => i.amount_discount)).toEqual([665, 335]);
    expect(session).toMatchObject({ total_details: { amount_discount: 1000, amount_tax: 739 + 373 }, amount_total: 14900 - 1000 + 1112 });
  });

  it("rejects what Checkout rejects, with Stripe's messages", async () => {
    const oneTimeOnly = await rejection(
      stripe.checkout.sessions.create({
        mode: "subscription",
        success_url: SUCCESS_URL,
        line_items: [{ price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Sensor" } }, quantity: 1 }],
      }),
    );
    expect(oneTimeOnly).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", param: "line_items" });
    expect(oneTimeOnly.message).toBe("You must provide at least one recurring price in `subscription` mode when using prices.");

    const recurringInPayment = await rejection(
      stripe.checkout.sessions.create({ ...subscriptionParams(tax.id), mode: "payment", subscription_data: undefined }),
    );
    expect(recurringInPayment.message).toContain("You specified `payment` mode but passed a recurring price.");

    const now = Math.floor(Date.now() / 1000);
    const tooSoon = await rejection(stripe.checkout.sessions.create(subscriptionParams(tax.id, { expires_at: now + 600 })));
    expect(tooSoon).toMatchObject({
      param: "expires_at",
      message: "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
    });
    const tooLate = await rejection(stripe.checkout.sessions.create(subscriptionParams(tax.id, { expires_at: now + 25 * 3600 })));
    expect(tooLate.message).toBe("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.");
    const ok = await stripe.checkout.sessions.create(subscriptionParams(tax.id, { expires_at: now + 1800 }));
    expect(ok.expires_at).toBe(now + 1800);

    const noLines = await rejection(stripe.checkout.sessions.create({ mode: "payment", success_url: SUCCESS_URL }));
    expect(noLines).toMatchObject({ code: "parameter_missing", param: "line_items", message: "Missing required param: line_items." });
    const unknownRate = await rejection(stripe.checkout.sessions.create(subscriptionParams("txr_missing")));
    expect(unknownRate).toMatchObject({ code: "resource_missing", param: "line_items[0][tax_rates][0]" });
  });

  it("refuses an inactive or unknown promotion code", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "once" });
    const code = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, active: false });
    const inactive = await rejection(
      stripe.checkout.sessions.create(subscriptionParams(tax.id, { discounts: [{ promotion_code: code.id }] })),
    );
    expect(inactive).toMatchObject({
      statusCode: 400,
      param: "discounts[0][promotion_code]",
      message: "This promotion code is not active.",
    });
    const unknown = await rejection(
      stripe.checkout.sessions.create(subscriptionParams(tax.id, { discounts: [{ promotion_code: "promo_missing" }] })),
    );
    expect(unknown).toMatchObject({ code: "resource_missing", param: "discounts[0][promotion_code]" });
    const both = await rejection(
      stripe.checkout.sessions.create(subscriptionParams(tax.id, { allow_promotion_codes: true, discounts: [{ coupon: coupon.id }] })),
    );
    expect(both.message).toBe("You may only specify one of these parameters: allow_promotion_codes, discounts.");
  });
});

describe("a payment-mode session", () => {
  it("carries payment_intent_data and creates a Customer only when asked", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      success_url: SUCCESS_URL,
      customer_email: "pay@example.com",
      line_items: [{ price_data: { currency: "usd", unit_amount: 2500, product_data: { name: "Consultation" } }, quantity: 2 }],
      payment_intent_data: { metadata: { order: "42" } },
    });
    expect(session).toMatchObject({
      mode: "payment",
      amount_subtotal: 5000,
      amount_total: 5000,
      customer_creation: "if_required",
      customer_email: "pay@example.com",
    });
  });
});

describe("retrieving, listing and expiring sessions", () => {
  it("retrieves with expand[] and lists newest first with cursor pagination", async () => {
    const first = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const second = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const expanded = await stripe.checkout.sessions.retrieve(first.id, { expand: ["line_items", "customer"] });
    expect(expanded.line_items?.data).toHaveLength(2);
    expect(expanded.customer).toBeNull();

    const page = await stripe.checkout.sessions.list({ limit: 1 });
    expect(page).toMatchObject({ object: "list", has_more: true, url: "/v1/checkout/sessions" });
    expect(page.data[0]?.id).toBe(second.id);
    const next = await stripe.checkout.sessions.list({ limit: 1, starting_after: second.id });
    expect(next.data[0]?.id).toBe(first.id);
    const open = await stripe.checkout.sessions.list({ status: "open", limit: 100 });
    expect(open.data.every((s) => s.status === "open")).toBe(true);
  });

  it("expires an open session once; a second expire is Stripe's 400", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", url: null, payment_status: "unpaid" });
    const again = await rejection(stripe.checkout.sessions.expire(session.id));
    expect(again.statusCode).toBe(400);
    expect(again.message).toContain('Only Checkout Sessions with a status in ["open"] can be expired');
    const events = await stripe.events.list({ type: "checkout.session.expired" });
    expect(events.data.some((e) => (e.data.object as Stripe.Checkout.Session).id === session.id)).toBe(true);
  });
});
