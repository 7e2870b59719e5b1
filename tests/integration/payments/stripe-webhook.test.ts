import Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import { GET as subscriptionStatus } from "@/app/api/payment/subscription/route";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { fulfilCheckoutSessionById } from "@/server/payments/fulfilment";
import { STRIPE_API_VERSION, stripe } from "@/server/payments/stripe-client";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import {
  SITE,
  cohortCounts,
  createCohort,
  eventually,
  payAtStripe,
  openCheckout,
  resendStripeEvent,
  settleAsyncPayment,
  suiteWebhookEndpoint,
  stripeDeliveries,
} from "../../fixtures/payments";

const sql = suiteSql();
const endpoint = suiteWebhookEndpoint();

const SETUP_SUBJECT = "Set up your Glucose Challenge account";

async function orderFor(sessionId: string) {
  const [order] = await sql`select id, status, email, user_id, total_cents, refunded_cents, stripe_subscription_id, stripe_invoice_id
    from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

/** The order's emails in the outbox (D16), by kind. */
async function orderEmails(orderId: string) {
  return sql<{ kind: string; status: string; recipient: string }[]>`
    select kind, status, recipient from public.email_outbox where order_id = ${orderId} order by kind`;
}

/** The order once it is paid and every email it queued has been sent. */
async function paidOrder(sessionId: string) {
  return eventually(async () => {
    const order = await orderFor(sessionId);
    expect(order.status).toBe("paid");
    const emails = await orderEmails(order.id);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.map((e) => e.status)).toEqual(emails.map(() => "sent"));
    return order;
  });
}

async function deliveredEvent(sessionId: string, type: string): Promise<Stripe.Event> {
  return eventually(async () => {
    const events = await stripe().events.list({ type, limit: 100 });
    const event = events.data.find((e) => (e.data.object as { id?: string }).id === sessionId);
    expect(event).toBeDefined();
    const deliveries = await stripeDeliveries({ event: event!.id });
    expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state !== "pending")).toBe(true);
    return event!;
  });
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = stripe().webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? inject("stripeWebhookSecret"),
    timestamp: options.timestamp,
  });
  return webhook(
    new Request(`${SITE}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    }),
  );
}

describe("paying at the hosted checkout (webhook only)", () => {
  it("marks the order paid, turns the hold into a participant seat, records the subscription and mails the set-up link", async () => {
    const cohortId = await createCohort(sql, { cap: 10 });
    const { sessionId } = await openCheckout(cohortId, { planType: "popular", hasCGM: true });
    const email = uniqueEmail("payer");
    const paid = await payAtStripe(sessionId, { email });
    expect(paid.outcome).toBe("succeeded");
    expect(paid.redirect_url).toBe(`${SITE}/payment-success?session_id=${sessionId}`);

    const order = await paidOrder(sessionId);
    expect(order).toMatchObject({ email, user_id: null, total_cents: 19332 });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    const [subscription] = await sql`select plan_name, plan_type, status, cancel_at_period_end, current_period_end, order_id, email
      from public.subscriptions where stripe_subscription_id = ${order.stripe_subscription_id}`;
    expect(subscription).toMatchObject({
      plan_name: "Popular",
      plan_type: "popular",
      status: "active",
      cancel_at_period_end: false,
      order_id: order.id,
    });
    const months = (subscription!.current_period_end.getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);

    expect(await orderEmails(order.id)).toEqual([
      { kind: "account-setup", status: "sent", recipient: email },
      { kind: "payment-confirmation", status: "sent", recipient: email },
    ]);
    const mail = await waitForMail(email, 2);
    expect(mail.map((m) => m.subject).sort()).toEqual(["Payment received: Popular plan", SETUP_SUBJECT]);
    const setup = mail.find((m) => m.subject === SETUP_SUBJECT)!;
    const link = new URL(setup.links.find((l) => l.includes("/verify?"))!);
    expect(link.origin + link.pathname).toBe(`${SITE}/verify`);
    expect(link.searchParams.get("email")).toBe(email);
    const [token] = await sql`select token_hash, expires_at, used_at from public.account_setup_tokens where order_id = ${order.id}`;
    expect(token!.token_hash).not.toContain(link.searchParams.get("token"));
    expect(token!.used_at).toBeNull();
    const receipt = mail.find((m) => m.subject === "Payment received: Popular plan")!;
    expect(receipt.text).toContain("$193.32");
  });

  it("enrols a signed-in buyer directly: no set-up email, only the receipt", async () => {
    const email = uniqueEmail("member-buyer");
    const password = "a-long-enough-password";
    await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
    const { data } = await authClient().auth.signInWithPassword({ email, password });
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId, { planType: "premium", hasCGM: false }, data.session!.access_token);
    await payAtStripe(sessionId);
    const order = await paidOrder(sessionId);
    expect(order.user_id).toBe(data.user!.id);
    const [seat] = await sql`select status, user_id from public.cohort_seats where order_id = ${order.id}`;
    expect(seat).toEqual({ status: "enrolled", user_id: data.user!.id });
    expect((await orderEmails(order.id)).map((e) => [e.kind, e.status])).toEqual([["payment-confirmation", "sent"]]);
    const mail = await waitForMail(email, 1);
    expect(mail.map((m) => m.subject)).toEqual(["Payment received: Premium plan"]);

    const response = await subscriptionStatus(
      new Request(`${SITE}/api/payment/subscription`, { headers: { authorization: `Bearer ${data.session!.access_token}` } }),
    );
    const body = await response.json();
    expect(body.data).toMatchObject({
      hasSubscription: true,
      subscription: { planName: "Premium", status: "active", cancelAtPeriodEnd: false, endDate: null },
    });
    expect(new Date(body.data.subscription.currentPeriodEnd).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
  });

  it("a payment made signed out with a confirmed member's address goes to that member: receipt, no set-up link", async () => {
    const email = uniqueEmail("signed-out-member");
    const { data } = await adminClient().auth.admin.createUser({ email, password: "a-long-enough-password", email_confirm: true });
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    await payAtStripe(sessionId, { email });
    const order = await paidOrder(sessionId);
    expect(order.user_id).toBe(data.user!.id);
    const [seat] = await sql`select user_id, status from public.cohort_seats where order_id = ${order.id}`;
    expect(seat).toEqual({ user_id: data.user!.id, status: "enrolled" });
    const [subscription] = await sql`select user_id from public.subscriptions where order_id = ${order.id}`;
    expect(subscription!.user_id).toBe(data.user!.id);
    expect((await orderEmails(order.id)).map((e) => [e.kind, e.status])).toEqual([["payment-confirmation", "sent"]]);
    expect((await waitForMail(email, 1)).map((m) => m.subject)).toEqual(["Payment received: Starter plan"]);
  });

  it("processes checkout.session.completed once when it arrives ten times, after invoice.paid", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const email = uniqueEmail("duplicate");
    await payAtStripe(sessionId, { email });
    const completed = await deliveredEvent(sessionId, "checkout.session.completed");
    const order = await paidOrder(sessionId);

    // The stand-in sends invoice.paid before checkout.session.completed, as Stripe may.
    const types = (await stripeDeliveries()).filter((d) => d.endpoint_url === endpoint.url);
    const invoiceIndex = types.findIndex((d) => d.event_type === "invoice.paid");
    expect(invoiceIndex).toBeGreaterThanOrEqual(0);

    await Promise.all(Array.from({ length: 9 }, () => resendStripeEvent(completed.id)));
    await eventually(async () => {
      const deliveries = await stripeDeliveries({ event: completed.id });
      expect(deliveries.filter((d) => d.endpoint_url === endpoint.url && d.state === "succeeded")).toHaveLength(10);
    });
    // Whatever a repeated delivery could have queued has run by now.
    await jobsSettled(sql);
    const orders = await sql`select status from public.orders where cohort_id = ${cohortId}`;
    expect(orders.map((o) => o.status)).toEqual(["paid"]);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await orderEmails(order.id)).map((e) => [e.kind, e.status])).toEqual([
      ["account-setup", "sent"],
      ["payment-confirmation", "sent"],
    ]);
    const mail = await inboxFor(email);
    expect(mail.filter((m) => m.subject === SETUP_SUBJECT)).toHaveLength(1);
    expect(mail.filter((m) => m.subject === "Payment received: Starter plan")).toHaveLength(1);
    const events = await sql`select processed_at from public.stripe_events where id = ${completed.id}`;
    expect(events).toHaveLength(1);
    expect(events[0]!.processed_at).not.toBeNull();
  });

  it("is fulfilled by the success page when the webhook is lost, and the late webhook changes nothing", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const email = uniqueEmail("lost-webhook");
    endpoint.setDropping(true);
    try {
      await payAtStripe(sessionId, { email });
      await eventually(async () => {
        const deliveries = await stripeDeliveries({ type: "checkout.session.completed" });
        const mine = deliveries.filter((d) => d.endpoint_url === endpoint.url);
        expect(mine.some((d) => d.state === "failed")).toBe(true);
      });
      expect((await orderFor(sessionId)).status).toBe("pending");
    } finally {
      endpoint.setDropping(false);
    }

    const outcome = await fulfilCheckoutSessionById(sessionId);
    expect(outcome.status).toBe("paid");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1, held: 0 });
    expect((await waitForMail(email, 2)).filter((m) => m.subject === SETUP_SUBJECT)).toHaveLength(1);

    const completed = await deliveredEvent(sessionId, "checkout.session.completed");
    await resendStripeEvent(completed.id);
    await fulfilCheckoutSessionById(sessionId);
    await eventually(async () => {
      const [event] = await sql`select processed_at from public.stripe_events where id = ${completed.id}`;
      expect(event?.processed_at).toBeTruthy();
    });
    await jobsSettled(sql);
    expect((await inboxFor(email)).filter((m) => m.subject === SETUP_SUBJECT)).toHaveLength(1);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1 });
  });

  it("leaves a declined card's order pending and its seat held", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const declined = await payAtStripe(sessionId, { card: "4000 0000 0000 0002" });
    expect(declined).toMatchObject({ outcome: "declined", message: "Your card was declined." });
    const poor = await payAtStripe(sessionId, { card: "4000 0000 0000 9995" });
    expect(poor).toMatchObject({ outcome: "declined", message: "Your card has insufficient funds." });
    expect((await orderFor(sessionId)).status).toBe("pending");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ held: 1, enrolled: 0 });
    expect((await fulfilCheckoutSessionById(sessionId)).status).toBe("open");
  });
});

describe("unpaid endings", () => {
  it("an expired checkout releases its hold", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    await stripe().checkout.sessions.expire(sessionId);
    await eventually(async () => expect((await orderFor(sessionId)).status).toBe("expired"));
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
  });

  it("a delayed payment that fails releases the hold; one that succeeds is fulfilled", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId: failing } = await openCheckout(cohortId);
    const { sessionId: succeeding } = await openCheckout(cohortId);
    await payAtStripe(failing, { async: true });
    await payAtStripe(succeeding, { async: true, email: uniqueEmail("async") });
    await deliveredEvent(failing, "checkout.session.completed");
    await deliveredEvent(succeeding, "checkout.session.completed");
    expect((await orderFor(failing)).status).toBe("pending");

    await settleAsyncPayment(failing, "failed");
    await settleAsyncPayment(succeeding, "succeeded");
    await eventually(async () => expect((await orderFor(failing)).status).toBe("failed"));
    await paidOrder(succeeding);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  });
});

describe("after payment", () => {
  it("keeps the subscription row true through cancel-at-period-end and cancellation", async () => {
    const { sessionId } = await openCheckout(await createCohort(sql));
    await payAtStripe(sessionId);
    const order = await paidOrder(sessionId);
    const id = order.stripe_subscription_id as string;

    await stripe().subscriptions.update(id, { cancel_at_period_end: true });
    await eventually(async () => {
      const [row] = await sql`select cancel_at_period_end, status from public.subscriptions where stripe_subscription_id = ${id}`;
      expect(row).toEqual({ cancel_at_period_end: true, status: "active" });
    });
    await stripe().subscriptions.cancel(id);
    await eventually(async () => {
      const [row] = await sql`select status, ended_at from public.subscriptions where stripe_subscription_id = ${id}`;
      expect(row!.status).toBe("canceled");
      expect(row!.ended_at).not.toBeNull();
    });
  });

  it("marks the order refunded once the whole first payment is refunded", async () => {
    const { sessionId } = await openCheckout(await createCohort(sql));
    await payAtStripe(sessionId);
    const order = await paidOrder(sessionId);
    const invoice = await stripe().invoices.retrieve(order.stripe_invoice_id as string);
    const payments = await stripe().invoicePayments.list({ invoice: invoice.id });
    const paymentIntent = payments.data[0]!.payment.payment_intent as string;

    await stripe().refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    await eventually(async () => expect((await orderFor(sessionId)).refunded_cents).toBe(1000));
    expect((await orderFor(sessionId)).status).toBe("paid");
    await stripe().refunds.create({ payment_intent: paymentIntent });
    await eventually(async () => expect((await orderFor(sessionId)).status).toBe("refunded"));
    expect((await orderFor(sessionId)).refunded_cents).toBe(order.total_cents);
  });

  it("GET /api/payment/subscription needs a token and says when there is none", async () => {
    const anonymous = await subscriptionStatus(new Request(`${SITE}/api/payment/subscription`));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "No authentication token available" });
    const email = uniqueEmail("no-sub");
    await adminClient().auth.admin.createUser({ email, password: "a-long-enough-password", email_confirm: true });
    const { data } = await authClient().auth.signInWithPassword({ email, password: "a-long-enough-password" });
    const response = await subscriptionStatus(
      new Request(`${SITE}/api/payment/subscription`, { headers: { authorization: `Bearer ${data.session!.access_token}` } }),
    );
    expect((await response.json()).data).toEqual({ hasSubscription: false, subscription: null });
  });
});

describe("the webhook's signature check", () => {
  async function snapshot() {
    const [row] = await sql`select (select count(*) from public.stripe_events)::int as events,
      (select count(*) from public.orders where status = 'paid')::int as paid`;
    return row;
  }

  it("answers 400 and changes nothing for a tampered body, a wrong secret, an old timestamp or no signature", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    const forged = { ...session, status: "complete", payment_status: "paid" };
    const event = JSON.stringify({
      id: "evt_forged_0001",
      object: "event",
      type: "checkout.session.completed",
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: forged },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const before = await snapshot();

    const goodHeader = stripe().webhooks.generateTestHeaderString({ payload: event, secret: inject("stripeWebhookSecret") });
    const tampered = await webhook(
      new Request(`${SITE}/api/stripe/webhook`, {
        method: "POST",
        headers: { "stripe-signature": goodHeader },
        body: event.replace("evt_forged_0001", "evt_forged_0002"),
      }),
    );
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).code).toBe("invalid_signature");
    expect((await signed(event, { secret: "whsec_someone_elses_secret" })).status).toBe(400);
    expect((await signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const unsigned = await webhook(new Request(`${SITE}/api/stripe/webhook`, { method: "POST", body: event }));
    expect(unsigned.status).toBe(400);

    expect(await snapshot()).toEqual(before);
    expect((await orderFor(sessionId)).status).toBe("pending");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ held: 1, enrolled: 0 });
  });

  it("answers 2xx to event types it does not handle, and records nothing", async () => {
    const payload = JSON.stringify({
      id: "evt_ignored_0001",
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_x", object: "customer" } },
    });
    const response = await signed(payload);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ received: true, handled: false, duplicate: false });
    expect(await sql`select 1 from public.stripe_events where id = 'evt_ignored_0001'`).toHaveLength(0);
  });
});
