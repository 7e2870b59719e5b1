import { describe, expect, it } from "vitest";
import { fulfilCheckoutSessionById } from "@/server/payments/fulfilment";
import { stripe } from "@/server/payments/stripe-client";
import { uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import {
  cohortCounts,
  createCohort,
  eventually,
  openCheckout,
  payAtStripe,
  paymentIntentOf,
  resendStripeEvent,
  signedInMember,
  stripeDeliveries,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";

// Finding 7: only the buyer who opened a checkout may replace it. Finding 13: a replaced checkout
// that still gets paid is refunded, and the buyer is told why.
const sql = suiteSql();
const endpoint = suiteWebhookEndpoint();

const REFUND_SUBJECT = "Your earlier checkout has been refunded";

async function orderOf(sessionId: string) {
  const [row] = await sql`select o.id, o.status, o.total_cents, o.refunded_cents, o.stripe_invoice_id, o.stripe_subscription_id,
      (select s.status from public.cohort_seats s where s.order_id = o.id and s.status <> 'released') as seat
    from public.orders o where o.stripe_checkout_session_id = ${sessionId}`;
  return row!;
}

/** Pays a session at Stripe while the app hears nothing of it; returns its checkout.session.completed event. */
async function payUnnoticed(sessionId: string, email: string): Promise<string> {
  endpoint.setDropping(true);
  try {
    expect((await payAtStripe(sessionId, { email })).outcome).toBe("succeeded");
    return await eventually(async () => {
      const events = await stripe().events.list({ type: "checkout.session.completed", limit: 50 });
      const event = events.data.find((e) => (e.data.object as { id: string }).id === sessionId);
      expect(event).toBeDefined();
      const deliveries = await stripeDeliveries({ event: event!.id });
      expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state === "failed")).toBe(true);
      return event!.id;
    });
  } finally {
    endpoint.setDropping(false);
  }
}

describe("replacing a checkout (previousSessionId)", () => {
  it("a stranger who knows a pending checkout's id cannot expire it or release its seat", async () => {
    const cohortId = await createCohort(sql, { cap: 6 });
    const victim = await openCheckout(cohortId);
    const stranger = await signedInMember("stranger");
    await openCheckout(cohortId, { previousSessionId: victim.sessionId });
    await openCheckout(cohortId, { previousSessionId: victim.sessionId, previousSessionSecret: "A".repeat(43) });
    await openCheckout(cohortId, { previousSessionId: victim.sessionId }, stranger.token);
    expect((await stripe().checkout.sessions.retrieve(victim.sessionId)).status).toBe("open");
    expect(await orderOf(victim.sessionId)).toMatchObject({ status: "pending", seat: "held" });
  });

  it("the browser that opened a checkout replaces it with the secret it was given", async () => {
    const cohortId = await createCohort(sql, { cap: 2 });
    const first = await openCheckout(cohortId);
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await openCheckout(cohortId, { previousSessionId: first.sessionId, previousSessionSecret: first.sessionSecret });
    expect((await stripe().checkout.sessions.retrieve(first.sessionId)).status).toBe("expired");
    expect(await orderOf(first.sessionId)).toMatchObject({ status: "expired", seat: null });
    expect(await orderOf(again.sessionId)).toMatchObject({ status: "pending", seat: "held" });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
  });

  it("a signed-in member replaces their own checkout; the older one is expired at Stripe and cannot be paid", async () => {
    const member = await signedInMember("two-tabs");
    const cohortId = await createCohort(sql, { cap: 4 });
    const older = await openCheckout(cohortId, {}, member.token);
    const newer = await openCheckout(cohortId, {}, member.token);
    await eventually(async () => expect((await stripe().checkout.sessions.retrieve(older.sessionId)).status).toBe("expired"));
    expect((await payAtStripe(older.sessionId)).outcome).toBe("invalid");
    await payAtStripe(newer.sessionId);
    await eventually(async () => expect(await orderOf(newer.sessionId)).toMatchObject({ status: "paid", seat: "enrolled" }));
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  });
});

describe("a replaced checkout that still gets paid", () => {
  it("both paid: one seat, the replaced payment refunded in full (once) with its subscription cancelled, and an email saying why", async () => {
    const cohortId = await createCohort(sql, { cap: 4 });
    const email = uniqueEmail("paid-twice");
    const first = await openCheckout(cohortId);
    const lateEvent = await payUnnoticed(first.sessionId, email);
    // The buyer started again in another tab before the first payment was heard of.
    const second = await openCheckout(cohortId, { previousSessionId: first.sessionId, previousSessionSecret: first.sessionSecret });
    await payAtStripe(second.sessionId, { email });
    await eventually(async () => expect(await orderOf(second.sessionId)).toMatchObject({ status: "paid", seat: "enrolled" }));

    await resendStripeEvent(lateEvent);
    const refunded = await eventually(async () => {
      const order = await orderOf(first.sessionId);
      expect(order).toMatchObject({ status: "refunded", seat: null });
      return order;
    });
    expect(refunded.refunded_cents).toBe(refunded.total_cents);
    const intent = await paymentIntentOf(refunded.stripe_invoice_id);
    const refunds = await stripe().refunds.list({ payment_intent: intent });
    expect(refunds.data.map((r) => [r.amount, r.reason])).toEqual([[refunded.total_cents, "duplicate"]]);
    expect((await stripe().subscriptions.retrieve(refunded.stripe_subscription_id)).status).toBe("canceled");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });

    const notice = (await waitForMail(email, 3)).filter((m) => m.subject === REFUND_SUBJECT);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain("$160.92");

    // The same payment reported again (a retried event, the success page) changes nothing.
    await resendStripeEvent(lateEvent);
    await fulfilCheckoutSessionById(first.sessionId);
    await eventually(async () => {
      const deliveries = await stripeDeliveries({ event: lateEvent });
      expect(deliveries.filter((d) => d.endpoint_url === endpoint.url && d.state === "succeeded")).toHaveLength(2);
    });
    expect((await stripe().refunds.list({ payment_intent: intent })).data).toHaveLength(1);
    expect((await inboxFor(email)).filter((m) => m.subject === REFUND_SUBJECT)).toHaveLength(1);
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1 });
  });

  it("a member's older checkout paid in another tab just as a newer one opened is refunded; the newer keeps the seat", async () => {
    const member = await signedInMember("race");
    const cohortId = await createCohort(sql, { cap: 4 });
    const older = await openCheckout(cohortId, {}, member.token);
    const lateEvent = await payUnnoticed(older.sessionId, member.email);
    const newer = await openCheckout(cohortId, {}, member.token);
    await payAtStripe(newer.sessionId);
    await eventually(async () => expect(await orderOf(newer.sessionId)).toMatchObject({ status: "paid", seat: "enrolled" }));
    await resendStripeEvent(lateEvent);
    await eventually(async () => expect(await orderOf(older.sessionId)).toMatchObject({ status: "refunded", seat: null }));
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await waitForMail(member.email, 2)).map((m) => m.subject)).toContain(REFUND_SUBJECT);
  });
});
