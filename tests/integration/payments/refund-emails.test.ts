import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as refundRoute } from "@/app/api/operator/orders/[id]/refunds/route";
import { ORDER_REFUND_SUBJECT } from "@/server/email/templates/order-refund";
import { formatMoney } from "@/lib/pricing/money";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, type InboxMessage } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { signedInOperator } from "../../fixtures/operators";
import { freshSignIn, operatorCall, paidOrder, refundsOf } from "../../fixtures/operator-orders";
import { createCohort, eventually, resendStripeEvent, suiteWebhookEndpoint } from "../../fixtures/payments";

// A refund, full or partial, tells the buyer: the amount, what happens to their seat and
// subscription, when the money arrives. Once per Stripe refund, whether an operator made it (the
// order-refund job) or someone did in Stripe's dashboard (charge.refunded), however often Stripe
// delivers the event. Everything goes through the Stripe stand-in, the job engine and the mail catcher.
const sql = suiteSql();
suiteWebhookEndpoint();
const operator = await signedInOperator("refund-mail-op");

beforeAll(async () => {
  expect((await freshSignIn(operator.token)).status).toBe(200);
});

const refundMails = async (email: string): Promise<InboxMessage[]> =>
  (await inboxFor(email)).filter((m) => m.subject === ORDER_REFUND_SUBJECT);

/** The buyer's refund emails once every job queued so far (webhooks, refunds, emails) has run. */
async function settledRefundMails(email: string): Promise<InboxMessage[]> {
  await jobsSettled(sql);
  return refundMails(email);
}

async function refundRows(email: string) {
  return sql<{ dedupe_key: string; status: string }[]>`
    select dedupe_key, status from public.email_outbox where recipient = ${email} and kind = 'order-refund' order by created_at`;
}

async function chargeRefundedEvents(chargeId: string): Promise<string[]> {
  const events = await stripe().events.list({ type: "charge.refunded", limit: 100 });
  return events.data.filter((e) => (e.data.object as { id: string }).id === chargeId).map((e) => e.id);
}

describe("a refund made in Stripe's dashboard", () => {
  it("emails the buyer once per refund with its amount; a replayed charge.refunded sends nothing more", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const order = await paidOrder(sql, cohortId);

    const first = await stripe().refunds.create({ payment_intent: order.paymentIntent, amount: 500 });
    const [partial] = await eventually(async () => {
      const mails = await refundMails(order.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(partial!.text).toContain(`We have refunded ${formatMoney(500, "usd")} of your payment`);
    expect(partial!.text).toContain("5–10 business days");
    expect(partial!.text).toContain("your subscription stay as they are");
    expect(await refundRows(order.email)).toEqual([{ dedupe_key: `stripe-refund:${first.id}`, status: "sent" }]);

    // The same event again (Stripe retries a delivery it thinks failed), and the rest refunded:
    // its event lists both refunds, and only the new one is told.
    const [firstEvent] = await chargeRefundedEvents(order.charge);
    await resendStripeEvent(firstEvent!);
    expect(await settledRefundMails(order.email)).toHaveLength(1);

    const rest = await stripe().refunds.create({ payment_intent: order.paymentIntent });
    const mails = await eventually(async () => {
      const all = await refundMails(order.email);
      expect(all).toHaveLength(2);
      return all;
    });
    const full = mails.find((m) => m.text.includes(formatMoney(rest.amount, "usd")));
    expect(full?.text).toContain("This refunds your order in full");
    expect(full?.text).toContain("your subscription is cancelled");
    for (const eventId of await chargeRefundedEvents(order.charge)) await resendStripeEvent(eventId);
    expect(await settledRefundMails(order.email)).toHaveLength(2);
    expect((await refundRows(order.email)).map((r) => r.dedupe_key).sort()).toEqual(
      [`stripe-refund:${first.id}`, `stripe-refund:${rest.id}`].sort(),
    );
  });

  it("sends nothing for a replaced checkout's refund, which has its own email", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const order = await paidOrder(sql, cohortId);
    await stripe().refunds.create({
      payment_intent: order.paymentIntent,
      metadata: { order_id: order.orderId, cause: "replaced_checkout" },
    });
    await eventually(async () => {
      const [row] = await sql`select status from public.orders where id = ${order.orderId}`;
      expect(row!.status).toBe("refunded");
    });
    expect(await settledRefundMails(order.email)).toEqual([]);
  });
});

describe("an operator's refund", () => {
  it("emails the buyer once with the amount and that the seat and subscription end, though the job and the webhook both record it", async () => {
    const cohortId = await createCohort(sql, { cap: 5 });
    const order = await paidOrder(sql, cohortId);
    const answer = await operatorCall(refundRoute, `/api/operator/orders/${order.orderId}/refunds`, {
      token: operator.token,
      body: { amountCents: order.totalCents, reason: "requested_by_customer", requestKey: randomUUID() },
      params: { id: order.orderId },
    });
    expect(answer.status).toBe(200);
    const made = await eventually(async () => {
      const [row] = await refundsOf(sql, order.orderId);
      expect(row?.status).toBe("succeeded");
      return row!;
    });
    const mails = await eventually(async () => {
      const all = await refundMails(order.email);
      expect(all).toHaveLength(1);
      return all;
    });
    expect(mails[0]!.text).toContain(`We have refunded ${formatMoney(order.totalCents, "usd")} of your payment`);
    expect(mails[0]!.text).toContain("your place in");
    expect(mails[0]!.text).toContain("is released");
    expect(await settledRefundMails(order.email)).toHaveLength(1);
    expect(await refundRows(order.email)).toEqual([{ dedupe_key: `stripe-refund:${made.stripe_refund_id}`, status: "sent" }]);
  });
});
