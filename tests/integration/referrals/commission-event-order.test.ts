import type Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import { POST as stripeWebhook } from "@/app/api/stripe/webhook/route";
import { exportDuePayouts } from "@/server/referrals/payouts";
import { idOf } from "@/server/payments/stripe-ids";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { SITE, checkoutBody, createCohort, disputeAtStripe, eventually, payAtStripe, paymentIntentOf } from "../../fixtures/payments";
import { affiliateCode, checkout, member, stats } from "../../fixtures/referrals";

// Stripe does not order events, so a full refund or a lost dispute may be
// processed before the invoice.paid that earns the commission. No webhook endpoint is registered
// here: each test delivers Stripe's own events to the webhook route itself, in the order it needs,
// and waits for each to be processed before the next.
const sql = suiteSql();

const DAY = 86_400_000;
// Starter with the CGM: $149.00 before tax, 20% of it.
const COMMISSION = 2980;

/** A referred buyer pays at the hosted checkout; nothing has reached the app yet. */
async function referredPayment() {
  const affiliate = await member("event-order");
  const { code } = await affiliateCode(affiliate.token);
  const sessionId = await checkout(checkoutBody(await createCohort(sql), { referralId: code }));
  await payAtStripe(sessionId);
  const invoiceId = idOf((await stripe().checkout.sessions.retrieve(sessionId)).invoice)!;
  const paymentIntent = await paymentIntentOf(invoiceId);
  const [charge] = (await stripe().charges.list({ payment_intent: paymentIntent })).data;
  return { affiliate, sessionId, invoiceId, paymentIntent, chargeId: charge!.id };
}

/** The event Stripe emitted of a type about one object. */
async function eventAbout(type: Stripe.Event.Type, objectId: string): Promise<Stripe.Event> {
  return eventually(async () => {
    const events = await stripe().events.list({ type, limit: 100 });
    const event = events.data.find((e) => (e.data.object as { id?: string }).id === objectId);
    expect(event).toBeDefined();
    return event!;
  });
}

/** Delivers an event to the webhook route, signed as Stripe signs it, and waits until its work has committed. */
async function deliver(event: Pick<Stripe.Event, "id" | "type" | "data">): Promise<void> {
  const payload = JSON.stringify(event);
  const signature = stripe().webhooks.generateTestHeaderString({ payload, secret: inject("stripeWebhookSecret") });
  const response = await stripeWebhook(
    new Request(`${SITE}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
  );
  expect(response.status).toBe(200);
  await eventually(async () => {
    const [row] = await sql`select processed_at from public.stripe_events where id = ${event.id}`;
    expect(row?.processed_at).toBeTruthy();
  }, 20_000);
}

/**
 * The invoice.paid event as if the payment had been made 31 days ago: its refund window is over, so
 * a commission left standing would be due now (and paid by the next payout run).
 */
async function invoicePaidAMonthAgo(invoiceId: string): Promise<Stripe.InvoicePaidEvent> {
  const event = await eventAbout("invoice.paid", invoiceId);
  if (event.type !== "invoice.paid") throw new Error(`Not an invoice.paid event: ${event.type}`);
  const invoice = event.data.object;
  const paidAt = Math.floor((Date.now() - 31 * DAY) / 1000);
  return {
    ...event,
    data: { ...event.data, object: { ...invoice, status_transitions: { ...invoice.status_transitions, paid_at: paidAt } } },
  };
}

async function ledgerOf(orderId: string) {
  return sql<{ kind: string; reason: string; amount_cents: number; stripe_reference: string | null; created_at: Date }[]>`
    select kind, reason, amount_cents, stripe_reference, created_at from public.commission_entries
    where order_id = ${orderId} order by kind, created_at`;
}

async function orderOf(sessionId: string) {
  const [order] = await sql<
    { id: string; status: string }[]
  >`select id, status from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

async function payoutFor(affiliateId: string) {
  const payouts = await exportDuePayouts({ markPaid: false, write: async () => {} });
  return payouts.find((payout) => payout.affiliateUserId === affiliateId);
}

describe("commission in any event order", () => {
  it("a full refund processed before the order's invoice.paid leaves no commission due", async () => {
    const { affiliate, sessionId, invoiceId, paymentIntent, chargeId } = await referredPayment();
    await stripe().refunds.create({ payment_intent: paymentIntent });

    await deliver(await eventAbout("charge.refunded", chargeId));
    await deliver(await invoicePaidAMonthAgo(invoiceId));
    await deliver(await eventAbout("checkout.session.completed", sessionId));

    const order = await orderOf(sessionId);
    expect(order.status).toBe("refunded");
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((e) => [e.kind, e.reason, e.amount_cents, e.stripe_reference])).toEqual([
      ["commission", "first_payment", COMMISSION, null],
      ["reversal", "refund", -COMMISSION, chargeId],
    ]);
    // Recorded in one transaction: the same transaction time.
    expect(ledger[1]!.created_at).toEqual(ledger[0]!.created_at);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ conversions: 0, commission: 0, pending: 0, due: 0, paid: 0 });
    expect(await payoutFor(affiliate.id)).toBeUndefined();
  });

  it("a lost dispute processed before the order's invoice.paid leaves no commission due", async () => {
    const { affiliate, sessionId, invoiceId, chargeId } = await referredPayment();
    const dispute = await disputeAtStripe(chargeId, "lost");

    await deliver(await eventAbout("charge.dispute.closed", dispute.id));
    await deliver(await invoicePaidAMonthAgo(invoiceId));
    await deliver(await eventAbout("checkout.session.completed", sessionId));

    const order = await orderOf(sessionId);
    expect(order.status).toBe("charged_back");
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((e) => [e.kind, e.reason, e.amount_cents, e.stripe_reference])).toEqual([
      ["commission", "first_payment", COMMISSION, null],
      ["reversal", "dispute_lost", -COMMISSION, dispute.id],
    ]);
    expect(ledger[1]!.created_at).toEqual(ledger[0]!.created_at);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ conversions: 0, commission: 0, pending: 0, due: 0, paid: 0 });
    expect(await payoutFor(affiliate.id)).toBeUndefined();
  });

  it("a partial refund processed first takes back the same share; the late refund event adds nothing twice", async () => {
    const { affiliate, sessionId, invoiceId, paymentIntent, chargeId } = await referredPayment();
    await stripe().refunds.create({ payment_intent: paymentIntent, amount: 1000 });

    await deliver(await eventAbout("checkout.session.completed", sessionId));
    const refunded = await eventAbout("charge.refunded", chargeId);
    await deliver(await eventAbout("invoice.paid", invoiceId));
    await deliver(refunded);

    const order = await orderOf(sessionId);
    expect(order.status).toBe("paid");
    // round(2980 × 1000 / 16092) = 185
    expect((await ledgerOf(order.id)).map((e) => [e.reason, e.amount_cents])).toEqual([
      ["first_payment", COMMISSION],
      ["refund", -185],
    ]);
    expect((await stats(affiliate.token)).body.data).toMatchObject({ conversions: 1, commission: 27.95, pending: 27.95, due: 0 });
  });
});
