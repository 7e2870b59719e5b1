import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startStripeStandIn,
  startWebhookReceiver,
  stripeClientFor,
  waitForWebhook,
  type TestStripe,
  type WebhookReceiver,
} from "../../fixtures/stripe-stand-in";
import { createSalesTax, idOf, paidSubscriptionSession, rejection, subscriptionParams } from "./checkout-helpers";

let receiver: WebhookReceiver;
let standIn: TestStripe;
let stripe: Stripe;
let tax: Stripe.TaxRate;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({ webhooks: [{ url: receiver.url }] });
  stripe = stripeClientFor(standIn);
  tax = await createSalesTax(stripe);
});
afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

describe("subscriptions", () => {
  it("cancel_at_period_end schedules the cancellation and the updated event carries previous_attributes", async () => {
    const session = await paidSubscriptionSession(standIn, stripe, tax.id);
    const id = idOf(session.subscription);
    const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    const periodEnd = updated.items.data[0]?.current_period_end;
    expect(updated).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      cancellation_details: { reason: "cancellation_requested" },
    });
    const event = await waitForWebhook(receiver, "customer.subscription.updated", (e) => objectId(e) === id);
    expect(event.event.data.previous_attributes).toEqual({
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
    });
    expect(event.event.request?.id).toMatch(/^req_/);

    const resumed = await stripe.subscriptions.update(id, { cancel_at_period_end: false, metadata: { note: "stayed" } });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      metadata: { note: "stayed", plan: "quarterly" },
    });
    const second = await waitForWebhook(receiver, "customer.subscription.updated", (e) => objectId(e) === id && e.id !== event.event.id);
    expect(second.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: true, metadata: { note: null } });
  });

  it("cancel ends the subscription now and emits customer.subscription.deleted; lists hide it unless asked", async () => {
    const session = await paidSubscriptionSession(standIn, stripe, tax.id);
    const id = idOf(session.subscription);
    const customer = idOf(session.customer);
    const canceled = await stripe.subscriptions.cancel(id, { cancellation_details: { feedback: "too_expensive" } });
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_details: { feedback: "too_expensive", reason: "cancellation_requested" },
    });
    expect(canceled.ended_at).toBeGreaterThan(0);
    const deleted = await waitForWebhook(receiver, "customer.subscription.deleted", (e) => objectId(e) === id);
    expect(deleted.event.data.object).toMatchObject({ status: "canceled" });
    expect((await stripe.subscriptions.list({ customer })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer, status: "all" })).data.map((s) => s.id)).toEqual([id]);
    expect((await rejection(stripe.subscriptions.update(id, { cancel_at_period_end: true }))).statusCode).toBe(400);
  });
});

describe("refunds", () => {
  it("partial then full refunds update the charge and emit charge.refunded and refund.created", async () => {
    const session = await paidSubscriptionSession(standIn, stripe, tax.id);
    const invoice = await stripe.invoices.retrieve(idOf(session.invoice), { expand: ["payments.data.payment.payment_intent"] });
    const intent = invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    const chargeId = idOf(intent.latest_charge);

    const partial = await stripe.refunds.create({ charge: chargeId, amount: 5000, reason: "requested_by_customer" });
    expect(partial).toMatchObject({
      object: "refund",
      amount: 5000,
      status: "succeeded",
      charge: chargeId,
      payment_intent: intent.id,
      reason: "requested_by_customer",
    });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 5000, refunded: false });
    const refundedEvent = await waitForWebhook(receiver, "charge.refunded", (e) => objectId(e) === chargeId);
    expect(refundedEvent.event.data).toMatchObject({ object: { amount_refunded: 5000 }, previous_attributes: { amount_refunded: 0 } });
    await waitForWebhook(receiver, "refund.created", (e) => objectId(e) === partial.id);

    const tooMuch = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 20000 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
    expect(tooMuch.message).toBe("Refund amount ($200.00) is greater than unrefunded amount on charge ($110.92)");

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(16092 - 5000);
    const charge = await stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 16092, refunded: true });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    expect((await rejection(stripe.refunds.create({ charge: chargeId }))).code).toBe("charge_already_refunded");
    expect((await stripe.refunds.list({ charge: chargeId })).data).toHaveLength(2);
    expect((await stripe.refunds.retrieve(rest.id)).amount).toBe(11092);
  });
});

describe("coupons and promotion codes", () => {
  it("promotion codes are listed by code case-insensitively and must be unique among active codes", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: "repeating", duration_in_months: 3, name: "Spring" });
    const code = `Spring${Date.now()}`;
    const promo = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code, max_redemptions: 5 });
    expect(promo).toMatchObject({
      object: "promotion_code",
      active: true,
      code,
      promotion: { type: "coupon", coupon: coupon.id },
      times_redeemed: 0,
    });
    expect((await stripe.promotionCodes.list({ code: code.toUpperCase() })).data.map((p) => p.id)).toEqual([promo.id]);

    const clash = await rejection(
      stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: code.toLowerCase() }),
    );
    expect(clash).toMatchObject({ statusCode: 400, param: "code" });
    const off = await stripe.promotionCodes.update(promo.id, { active: false });
    expect(off.active).toBe(false);
    expect((await stripe.promotionCodes.list({ code, active: true })).data).toHaveLength(0);
    const again = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: code.toLowerCase() });
    expect(again.active).toBe(true);
    const generated = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id } });
    expect(generated.code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it("a completed checkout redeems its promotion code and coupon, and the discount reaches the invoice", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: "once" });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: `REDEEM${Date.now()}`,
      max_redemptions: 1,
    });
    const session = await paidSubscriptionSession(standIn, stripe, tax.id, { discounts: [{ promotion_code: promo.id }] });
    expect(await stripe.promotionCodes.retrieve(promo.id)).toMatchObject({ times_redeemed: 1, active: false });
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: true });
    const invoice = await stripe.invoices.retrieve(idOf(session.invoice), { expand: ["discounts"] });
    expect(invoice).toMatchObject({ total: 14483, total_discount_amounts: [{ amount: 1490 }] });
    const [discount] = invoice.discounts as Stripe.Discount[];
    expect(discount).toMatchObject({
      object: "discount",
      promotion_code: promo.id,
      source: { type: "coupon", coupon: coupon.id },
      subscription: idOf(session.subscription),
    });
    const exhausted = await rejection(
      stripe.checkout.sessions.create(subscriptionParams(tax.id, { discounts: [{ promotion_code: promo.id }] })),
    );
    expect(exhausted.message).toBe("This promotion code cannot be redeemed because it has been used the maximum number of times.");
  });

  it("coupons: caller-given id, retrieve, list, delete", async () => {
    const id = `TEAM${Date.now()}`;
    const coupon = await stripe.coupons.create({ id, amount_off: 500, currency: "usd", duration: "forever", metadata: { team: "a" } });
    expect(coupon).toMatchObject({ id, object: "coupon", amount_off: 500, currency: "usd", valid: true, percent_off: null });
    expect((await rejection(stripe.coupons.create({ id, percent_off: 5 }))).code).toBe("resource_already_exists");
    expect((await stripe.coupons.list({ limit: 100 })).data.some((c) => c.id === id)).toBe(true);
    expect(await stripe.coupons.del(id)).toEqual({ id, object: "coupon", deleted: true });
    expect((await rejection(stripe.coupons.retrieve(id))).statusCode).toBe(404);
    expect((await rejection(stripe.coupons.create({ percent_off: 10, duration: "repeating" }))).param).toBe("duration_in_months");
  });

  it("tax rates: create, update, list by active", async () => {
    const rate = await stripe.taxRates.create({
      display_name: "VAT",
      percentage: 20,
      inclusive: true,
      country: "de",
      metadata: { k: "v" },
    });
    expect(rate).toMatchObject({
      object: "tax_rate",
      active: true,
      percentage: 20,
      inclusive: true,
      country: "DE",
      effective_percentage: 20,
    });
    await stripe.taxRates.update(rate.id, { active: false });
    const active = await stripe.taxRates.list({ active: true, limit: 100 });
    expect(active.data.some((t) => t.id === rate.id)).toBe(false);
    expect(active.data.some((t) => t.id === tax.id)).toBe(true);
    expect((await stripe.taxRates.list({ active: false })).data.map((t) => t.id)).toContain(rate.id);
  });
});
