import { describe, expect, it } from "vitest";
import { POST as enrol } from "@/app/api/cohorts/[id]/enroll/route";
import { GET as eligibility } from "@/app/api/cohorts/[id]/eligibility/route";
import { GET as current } from "@/app/api/cohorts/user/current/route";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import {
  SITE,
  checkoutBody,
  cohortCounts,
  createCohort,
  disputeAtStripe,
  eventually,
  payAtStripe,
  postCheckout,
  resendStripeEvent,
  signedInMember,
  stripeDeliveries,
  suiteWebhookEndpoint,
} from "../../fixtures/payments";

// Finding 6: a refund or a lost dispute gives the seat back and ends the member's access. Every
// step goes through the Stripe stand-in and its signed webhooks.
const sql = suiteSql();
const endpoint = suiteWebhookEndpoint();

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function memberCall(
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  m: Member,
  id?: string,
  method = "GET",
) {
  const response = await handler(new Request(`${SITE}${path}`, { method, headers: { authorization: `Bearer ${m.token}` } }), {
    params: Promise.resolve<Record<string, string>>(id ? { id } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** A member who bought a seat in `cohortId`: the order as the webhook left it, and the charge that paid it. */
async function seatedBuyer(cohortId: string) {
  const m = await signedInMember();
  const { json } = await postCheckout(checkoutBody(cohortId), { token: m.token });
  const sessionId = json.data!.sessionId;
  await payAtStripe(sessionId);
  const order = await eventually(async () => {
    const [row] =
      await sql`select id, status, total_cents, stripe_invoice_id, stripe_subscription_id from public.orders where stripe_checkout_session_id = ${sessionId}`;
    expect(row!.status).toBe("paid");
    return row!;
  });
  const [payment] = (await stripe().invoicePayments.list({ invoice: order.stripe_invoice_id })).data;
  const intent = await stripe().paymentIntents.retrieve(payment!.payment.payment_intent as string);
  return { member: m, sessionId, order, paymentIntent: intent.id, charge: intent.latest_charge as string };
}

/** The event of `type` about the matching object, once its delivery to the (dropping) app has failed. */
async function failedEvent(type: string, matches: (object: Record<string, unknown>) => boolean): Promise<string> {
  return eventually(async () => {
    const events = await stripe().events.list({ type, limit: 50 });
    const event = events.data.find((e) => matches(e.data.object as unknown as Record<string, unknown>));
    expect(event).toBeDefined();
    const deliveries = await stripeDeliveries({ event: event!.id });
    expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state === "failed")).toBe(true);
    return event!.id;
  });
}

async function orderStatus(orderId: string): Promise<string> {
  const [row] = await sql`select status from public.orders where id = ${orderId}`;
  return row!.status;
}

/** What the member can still do: their current cohort, and whether they may move to another one. */
async function access(m: Member) {
  const elsewhere = await createCohort(sql, { startsInDays: 40 });
  const now = await memberCall(current, "/api/cohorts/user/current", m);
  const canMove = await memberCall(eligibility, `/api/cohorts/${elsewhere}/eligibility`, m, elsewhere);
  const move = await memberCall(enrol, `/api/cohorts/${elsewhere}/enroll`, m, elsewhere, "POST");
  return { currentCohort: now.body.data?.cohort?.id ?? null, eligible: canMove.body.data.eligible, moveStatus: move.status };
}

async function subscriptionStatus(subscriptionId: string) {
  const [row] = await sql`select status from public.subscriptions where stripe_subscription_id = ${subscriptionId}`;
  return row?.status;
}

describe("a full refund", () => {
  it("releases the seat and ends access: not enrolled, cannot move cohorts, the count goes down, no more billing", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const bought = await seatedBuyer(cohortId);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await memberCall(current, "/api/cohorts/user/current", bought.member)).body.data.cohort.id).toBe(cohortId);

    await stripe().refunds.create({ payment_intent: bought.paymentIntent });
    await eventually(async () => expect(await orderStatus(bought.order.id)).toBe("refunded"));
    // The refund is recorded first, then the seat given back: the webhook may still be between the two.
    await eventually(async () =>
      expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 }),
    );
    expect(await access(bought.member)).toEqual({ currentCohort: null, eligible: false, moveStatus: 403 });
    await eventually(async () =>
      expect((await stripe().subscriptions.retrieve(bought.order.stripe_subscription_id)).status).toBe("canceled"),
    );
    await eventually(async () => expect(await subscriptionStatus(bought.order.stripe_subscription_id)).toBe("canceled"));
  });

  it("a partial refund keeps the seat", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const bought = await seatedBuyer(cohortId);
    await stripe().refunds.create({ payment_intent: bought.paymentIntent, amount: 500 });
    await eventually(async () => {
      const [row] = await sql`select refunded_cents from public.orders where id = ${bought.order.id}`;
      expect(row!.refunded_cents).toBe(500);
    });
    expect(await orderStatus(bought.order.id)).toBe("paid");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1 });
    expect((await stripe().subscriptions.retrieve(bought.order.stripe_subscription_id)).status).toBe("active");
  });

  it("handled twice, and before the payment itself was processed, still ends with one released seat", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const m = await signedInMember();
    const { json } = await postCheckout(checkoutBody(cohortId), { token: m.token });
    const sessionId = json.data!.sessionId;
    endpoint.setDropping(true);
    let refundEvent: string;
    let completedEvent: string;
    try {
      await payAtStripe(sessionId);
      const session = await stripe().checkout.sessions.retrieve(sessionId);
      const [payment] = (await stripe().invoicePayments.list({ invoice: session.invoice as string })).data;
      await stripe().refunds.create({ payment_intent: payment!.payment.payment_intent as string });
      refundEvent = await failedEvent("charge.refunded", (object) => object.payment_intent === payment!.payment.payment_intent);
      completedEvent = await failedEvent("checkout.session.completed", (object) => object.id === sessionId);
    } finally {
      endpoint.setDropping(false);
    }
    // The refund arrives first, twice; the payment after it.
    await resendStripeEvent(refundEvent);
    await resendStripeEvent(refundEvent);
    await eventually(async () => {
      const [row] = await sql`select status from public.orders where stripe_checkout_session_id = ${sessionId}`;
      expect(row!.status).toBe("refunded");
    });
    await resendStripeEvent(completedEvent);
    await eventually(async () => {
      const deliveries = await stripeDeliveries({ event: completedEvent });
      expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state === "succeeded")).toBe(true);
    });
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
    const [row] = await sql`select status from public.orders where stripe_checkout_session_id = ${sessionId}`;
    expect(row!.status).toBe("refunded");
  });
});

describe("a dispute", () => {
  it("lost: releases the seat and ends access like a refund", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const bought = await seatedBuyer(cohortId);
    await disputeAtStripe(bought.charge, "lost");
    await eventually(async () => expect(await orderStatus(bought.order.id)).toBe("charged_back"));
    // The chargeback is recorded first, then the seat given back: the webhook may still be between the two.
    await eventually(async () =>
      expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 }),
    );
    expect(await access(bought.member)).toEqual({ currentCohort: null, eligible: false, moveStatus: 403 });
    await eventually(async () =>
      expect((await stripe().subscriptions.retrieve(bought.order.stripe_subscription_id)).status).toBe("canceled"),
    );
  });

  it("won: the member keeps their seat", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const bought = await seatedBuyer(cohortId);
    const dispute = await disputeAtStripe(bought.charge, "won");
    await eventually(async () => {
      const events = await stripe().events.list({ type: "charge.dispute.closed", limit: 20 });
      const event = events.data.find((e) => (e.data.object as { id: string }).id === dispute.id);
      expect(event).toBeDefined();
      const deliveries = await stripeDeliveries({ event: event!.id });
      expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state === "succeeded")).toBe(true);
    });
    expect(await orderStatus(bought.order.id)).toBe("paid");
    expect(await cohortCounts(sql, cohortId)).toMatchObject({ participants: 1, enrolled: 1 });
    expect((await memberCall(current, "/api/cohorts/user/current", bought.member)).body.data.cohort.id).toBe(cohortId);
  });
});
