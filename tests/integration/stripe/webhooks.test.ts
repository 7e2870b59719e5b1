import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  disputeCharge,
  listDeliveries,
  payCheckoutSession,
  resendEvent,
  startStripeStandIn,
  startWebhookReceiver,
  stripeClientFor,
  TEST_WEBHOOK_SECRET,
  triggerEvent,
  waitFor,
  waitForWebhook,
  type TestStripe,
  type WebhookReceiver,
} from "../../fixtures/stripe-stand-in";
import { createSalesTax, idOf, paidSubscriptionSession, subscriptionParams } from "./checkout-helpers";
import { STRIPE_API_VERSION } from "@/server/payments/stripe-client";
import { retryDelaysMs, STRIPE_WEBHOOK_RETRY } from "../../../local/stripe/webhook-dispatcher";

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

const eventObjectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

describe("webhook delivery", () => {
  it("signs every delivery so stripe.webhooks.constructEvent verifies it, and only with the right secret", async () => {
    const customer = await stripe.customers.create({ email: "signed@example.com" });
    const delivered = await waitForWebhook(receiver, "customer.created", (e) => eventObjectId(e) === customer.id);
    expect(delivered.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(delivered.headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    expect(delivered.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(delivered.body).toBe(JSON.stringify(delivered.event, null, 2));

    const event = stripe.webhooks.constructEvent(delivered.body, delivered.signature, TEST_WEBHOOK_SECRET);
    expect(event).toMatchObject({ object: "event", type: "customer.created", api_version: STRIPE_API_VERSION, livemode: false });
    expect(event.request?.id).toMatch(/^req_/);
    expect(() => stripe.webhooks.constructEvent(delivered.body, delivered.signature, "whsec_wrong")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(`${delivered.body} `, delivered.signature, TEST_WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it("a completed checkout sends its events in Stripe's order, ending with checkout.session.completed", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    const from = receiver.requests.length;
    await payCheckoutSession(standIn, session.id, undefined, { email: "order@example.com" });
    await waitForWebhook(receiver, "checkout.session.completed", (e) => eventObjectId(e) === session.id);
    const types = receiver.requests.slice(from).map((r) => r.event.type);
    expect(types).toEqual([
      "customer.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "customer.subscription.created",
      "invoice.paid",
      "invoice.payment_succeeded",
      "checkout.session.completed",
    ]);
    const completed = receiver.requests.at(-1)?.event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: "complete", payment_status: "paid" });
    const created = receiver.requests.find((r) => r.event.type === "customer.subscription.created")?.event.data
      .object as Stripe.Subscription;
    expect(created).toMatchObject({ id: idOf(completed.subscription), status: "active", metadata: { plan: "quarterly" } });
  });

  it("retries a failing endpoint with backoff, re-signing each attempt, until it answers 2xx", async () => {
    const customer = await stripe.customers.create({ email: "retry@example.com" });
    await waitForWebhook(receiver, "customer.created", (e) => eventObjectId(e) === customer.id);
    receiver.failNext(2);
    const event = await triggerEvent(standIn, "customer.updated", customer.id);
    const deliveries = await waitFor(async () => {
      const found = await listDeliveries(standIn, { event: event.id });
      return found[0]?.state === "succeeded" ? found : null;
    });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    const times = receiver.requests.filter((r) => r.event.id === event.id).map((r) => r.receivedAt);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(45);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(95);
    for (const request of receiver.requests.filter((r) => r.event.id === event.id)) {
      expect(stripe.webhooks.constructEvent(request.body, request.signature, TEST_WEBHOOK_SECRET).id).toBe(event.id);
    }
  });

  it("gives up after the configured number of attempts and marks the delivery failed", async () => {
    const customer = await stripe.customers.create({ email: "giveup@example.com" });
    await waitForWebhook(receiver, "customer.created", (e) => eventObjectId(e) === customer.id);
    receiver.failNext(3, 503);
    const event = await triggerEvent(standIn, "customer.updated", customer.id);
    const [delivery] = await waitFor(async () => {
      const found = await listDeliveries(standIn, { event: event.id });
      return found[0]?.state === "failed" ? found : null;
    });
    expect(delivery?.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.filter((r) => r.event.id === event.id)).toHaveLength(3);
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(1);
  });

  it("delivers duplicates and out-of-order events on request", async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams(tax.id));
    await payCheckoutSession(standIn, session.id, undefined, { email: "dupes@example.com" });
    const subscriptionId = idOf((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const completed = await waitForWebhook(receiver, "checkout.session.completed", (e) => eventObjectId(e) === session.id);

    const resent = await resendEvent(standIn, completed.event.id);
    expect(resent.deliveries).toHaveLength(1);
    await waitFor(() => receiver.requests.filter((r) => r.event.id === completed.event.id).length === 2);

    const updated = await triggerEvent(standIn, "customer.subscription.updated", subscriptionId, { status: "incomplete" });
    expect(updated.data).toMatchObject({
      object: { id: subscriptionId, object: "subscription" },
      previous_attributes: { status: "incomplete" },
    });
    await waitForWebhook(receiver, "customer.subscription.updated", (e) => e.id === updated.id);
    const refused = await fetch(`${standIn.url}/_local/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${standIn.secretKey}` },
      body: JSON.stringify({ type: "invoice.paid", object: subscriptionId }),
    });
    expect(refused.status).toBe(400);
  });

  it("only sends an API-created endpoint the event types it enabled, signed with the configured secret", async () => {
    const second = await startWebhookReceiver();
    try {
      const endpoint = await stripe.webhookEndpoints.create({ url: second.url, enabled_events: ["coupon.created"] });
      expect(endpoint).toMatchObject({
        object: "webhook_endpoint",
        status: "enabled",
        secret: TEST_WEBHOOK_SECRET,
        enabled_events: ["coupon.created"],
      });
      expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
      await stripe.customers.create({ email: "not-for-second@example.com" });
      const coupon = await stripe.coupons.create({ percent_off: 5 });
      const got = await waitForWebhook(second, "coupon.created", (e) => eventObjectId(e) === coupon.id);
      expect(stripe.webhooks.constructEvent(got.body, got.signature, TEST_WEBHOOK_SECRET).type).toBe("coupon.created");
      expect(second.requests.every((r) => r.event.type === "coupon.created")).toBe(true);
      expect(await stripe.webhookEndpoints.del(endpoint.id)).toEqual({ id: endpoint.id, object: "webhook_endpoint", deleted: true });
    } finally {
      await second.stop();
    }
  });

  it("without a configured secret, each endpoint gets its own whsec_ and signs with it", async () => {
    const own = await startStripeStandIn({ webhookSecret: undefined });
    const target = await startWebhookReceiver();
    try {
      const client = stripeClientFor(own);
      const endpoint = await client.webhookEndpoints.create({ url: target.url, enabled_events: ["*"] });
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
      const customer = await client.customers.create({ email: "own@example.com" });
      const got = await waitForWebhook(target, "customer.created", (e) => eventObjectId(e) === customer.id);
      expect(client.webhooks.constructEvent(got.body, got.signature, endpoint.secret ?? "").id).toBe(got.event.id);
      expect(() => client.webhooks.constructEvent(got.body, got.signature, TEST_WEBHOOK_SECRET)).toThrow();
    } finally {
      await own.stop();
      await target.stop();
    }
  });
});

describe("Stripe's retry schedule", () => {
  it("by default spans three days: a minute after the first failure, doubling to twelve hours", () => {
    const delays = retryDelaysMs(STRIPE_WEBHOOK_RETRY);
    expect(delays.slice(0, 4)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(Math.max(...delays)).toBe(12 * 3_600_000);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(3 * 86_400_000);
  });

  it("still delivers to an endpoint that fails for longer than 15 s, on a compressed clock", async () => {
    const down = await startWebhookReceiver();
    // A thousand times faster: Stripe's first minute passes in 60 ms.
    const fast = await startStripeStandIn({ webhooks: [{ url: down.url }], retry: { ...STRIPE_WEBHOOK_RETRY, timeScale: 0.001 } });
    try {
      const fastStripe = stripeClientFor(fast);
      const customer = await fastStripe.customers.create({ email: "outage@example.com" });
      await waitForWebhook(down, "customer.created", (e) => eventObjectId(e) === customer.id);
      down.failNext(5, 503);
      const event = await triggerEvent(fast, "customer.updated", customer.id);
      const [delivery] = await waitFor(
        async () => {
          const found = await listDeliveries(fast, { event: event.id });
          return found[0]?.state === "succeeded" ? found : null;
        },
        { timeoutMs: 15_000 },
      );
      expect(delivery?.attempts.map((a) => a.status)).toEqual([503, 503, 503, 503, 503, 200]);
      // In Stripe's time the endpoint was down 31 minutes, far past the old 15 s of retries.
      const waited = delivery?.attempts.map((a) => a.retry_in_ms ?? 0) ?? [];
      expect(waited).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 0]);
      expect((await fastStripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
    } finally {
      await fast.stop();
      await down.stop();
    }
  });
});

describe("disputes", () => {
  async function paidCharge(): Promise<Stripe.Charge> {
    const session = await paidSubscriptionSession(standIn, stripe, tax.id);
    const [payment] = (await stripe.invoicePayments.list({ invoice: idOf(session.invoice) })).data;
    const intent = await stripe.paymentIntents.retrieve(idOf(payment?.payment.payment_intent));
    return stripe.charges.retrieve(idOf(intent.latest_charge));
  }

  it("a lost dispute sends charge.dispute.created, .funds_withdrawn and .closed (status lost), signed as Stripe signs", async () => {
    const charge = await paidCharge();
    const { status, body } = await disputeCharge(standIn, charge.id, "lost");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: "dispute",
      charge: charge.id,
      payment_intent: charge.payment_intent,
      amount: charge.amount,
      status: "lost",
    });
    const closed = await waitForWebhook(receiver, "charge.dispute.closed", (e) => eventObjectId(e) === body.id);
    const event = stripe.webhooks.constructEvent(closed.body, closed.signature, TEST_WEBHOOK_SECRET);
    expect(event.data).toMatchObject({ object: { id: body.id, status: "lost" }, previous_attributes: { status: "needs_response" } });
    const types = receiver.requests.filter((r) => eventObjectId(r.event) === body.id).map((r) => r.event.type);
    expect(types).toEqual(["charge.dispute.created", "charge.dispute.funds_withdrawn", "charge.dispute.closed"]);
    expect(await stripe.disputes.retrieve(body.id)).toMatchObject({ id: body.id, status: "lost" });
    expect((await stripe.disputes.list({ charge: charge.id })).data.map((d) => d.id)).toEqual([body.id]);
    expect((await stripe.charges.retrieve(charge.id)).disputed).toBe(true);
  });

  it("a won dispute reinstates the funds; a closed dispute cannot be decided again", async () => {
    const charge = await paidCharge();
    const opened = await disputeCharge(standIn, charge.id);
    expect(opened.body.status).toBe("needs_response");
    const won = await disputeCharge(standIn, charge.id, "won");
    expect(won.body).toMatchObject({ id: opened.body.id, status: "won" });
    await waitForWebhook(receiver, "charge.dispute.funds_reinstated", (e) => eventObjectId(e) === opened.body.id);
    expect((await disputeCharge(standIn, charge.id, "lost")).status).toBe(400);
    expect((await disputeCharge(standIn, "ch_missing", "lost")).status).toBe(404);
  });
});

describe("events API", () => {
  it("lists by type (with a trailing wildcard) and retrieves by id", async () => {
    const subscriptions = await stripe.events.list({ type: "customer.subscription.*", limit: 100 });
    expect(subscriptions.data.length).toBeGreaterThan(0);
    expect(subscriptions.data.every((e) => e.type.startsWith("customer.subscription."))).toBe(true);
    const [first] = subscriptions.data;
    expect((await stripe.events.retrieve(first?.id ?? "")).id).toBe(first?.id);
  });
});

describe("the expiry sweep", () => {
  it("expires open sessions past expires_at on the injected clock and emits checkout.session.expired", async () => {
    let clock = Date.now();
    const target = await startWebhookReceiver();
    const timed = await startStripeStandIn({ now: () => clock, expirySweepMs: 20, webhooks: [{ url: target.url }] });
    try {
      const client = stripeClientFor(timed);
      const rate = await createSalesTax(client);
      const session = await client.checkout.sessions.create(subscriptionParams(rate.id, { expires_at: Math.floor(clock / 1000) + 3600 }));
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await client.checkout.sessions.retrieve(session.id)).status).toBe("open");
      clock += 3601 * 1000;
      const expired = await waitForWebhook(target, "checkout.session.expired", (e) => eventObjectId(e) === session.id);
      expect(expired.event.data.object).toMatchObject({ status: "expired", url: null });
      expect(client.webhooks.constructEvent(expired.body, expired.signature, TEST_WEBHOOK_SECRET).created).toBe(Math.floor(clock / 1000));
      const page = await fetch(`${timed.url}/c/pay/${session.id}`);
      expect(await page.text()).toContain("expired");
    } finally {
      await timed.stop();
      await target.stop();
    }
  });
});
