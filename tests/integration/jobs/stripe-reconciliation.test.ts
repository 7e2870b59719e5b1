import { describe, expect, it } from "vitest";
import { reconcileWithStripe } from "@/server/scheduled/stripe-reconciliation";
import { closeUnpaidOrder } from "@/server/payments/fulfilment";
import { stripe } from "@/server/payments/stripe-client";
import { idOf } from "@/server/payments/stripe-ids";
import { suiteSql } from "../../fixtures/db";
import { outboxFor } from "../../fixtures/jobs";
import { cohortCounts, createCohort, openCheckout, payAtStripe } from "../../fixtures/payments";

// No webhook endpoint is registered in this file: every payment below is one whose webhook was lost.
const sql = suiteSql();

async function orderOf(sessionId: string) {
  const [order] = await sql<{ id: string; status: string }[]>`
    select id, status from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

/** A checkout of a fresh cohort, paid at Stripe; its order is still pending here. */
async function paidCheckout(email: string) {
  const cohortId = await createCohort(sql);
  const { sessionId } = await openCheckout(cohortId);
  expect((await payAtStripe(sessionId, { email })).outcome).toBe("succeeded");
  const order = await orderOf(sessionId);
  expect(order.status).toBe("pending");
  const subscriptionId = idOf((await stripe().checkout.sessions.retrieve(sessionId)).subscription)!;
  return { cohortId, sessionId, orderId: order.id, subscriptionId };
}

describe("the stripe-reconciliation job", () => {
  it("fulfils a paid checkout whose webhook was lost: the order is paid, seated and its receipt queued", async () => {
    const { cohortId, sessionId } = await paidCheckout("lost.webhook@example.com");

    await reconcileWithStripe();

    expect((await orderOf(sessionId)).status).toBe("paid");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await outboxFor(sql, "lost.webhook@example.com")).map((email) => email.kind)).toContain("payment-confirmation");
  });

  it("turns an order expired here while Stripe took its payment back into a paid one with a seat", async () => {
    const { cohortId, sessionId, orderId } = await paidCheckout("expired.but.paid@example.com");
    // What the old sweep did when the hold lapsed before the payment's webhook came.
    await closeUnpaidOrder(orderId, "expired");
    expect((await orderOf(sessionId)).status).toBe("expired");

    const outcome = await reconcileWithStripe();

    expect(outcome.fulfilled).toBeGreaterThanOrEqual(1);
    expect((await orderOf(sessionId)).status).toBe("paid");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
  });

  it("records the subscription of a paid order when its row is missing", async () => {
    const { subscriptionId } = await paidCheckout("missing.subscription@example.com");
    await reconcileWithStripe();
    await sql`delete from public.subscriptions where stripe_subscription_id = ${subscriptionId}`;

    await reconcileWithStripe();

    const [row] = await sql`select status from public.subscriptions where stripe_subscription_id = ${subscriptionId}`;
    expect(row).toEqual({ status: "active" });
  });

  it("cancels a subscription billing for an order that is not paid and cannot be, once its payment has settled", async () => {
    const { sessionId, orderId, subscriptionId } = await paidCheckout("no.seat.subscription@example.com");
    // The order closed here and no longer belongs to the checkout that was paid: nothing can seat it.
    await closeUnpaidOrder(orderId, "expired");
    await sql`update public.orders set stripe_checkout_session_id = ${`${sessionId}_other`} where id = ${orderId}`;

    // Within the hour after the payment the subscription is left alone: its checkout may still be completing.
    await reconcileWithStripe();
    expect((await stripe().subscriptions.retrieve(subscriptionId)).status).toBe("active");

    const outcome = await reconcileWithStripe(new Date(Date.now() + 2 * 3600_000));

    expect(outcome.subscriptionsCancelled).toBe(1);
    expect((await stripe().subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    const [order] = await sql<{ status: string }[]>`select status from public.orders where id = ${orderId}`;
    expect(order!.status).toBe("expired");
  });

  it("leaves an open checkout and a paid order alone", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const paid = await paidCheckout("already.paid@example.com");
    await reconcileWithStripe();
    const receipts = (await outboxFor(sql, "already.paid@example.com")).length;

    await reconcileWithStripe();

    expect((await orderOf(sessionId)).status).toBe("pending");
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("open");
    expect((await orderOf(paid.sessionId)).status).toBe("paid");
    expect(await cohortCounts(sql, paid.cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await outboxFor(sql, "already.paid@example.com")).length).toBe(receipts);
    expect((await stripe().subscriptions.retrieve(paid.subscriptionId)).status).toBe("active");
  });
});

describe("Stripe stand-in: listing checkout sessions and invoices by creation time", () => {
  it("filters by created[gte] and status as Stripe does", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const created = (await stripe().checkout.sessions.retrieve(sessionId)).created;
    const listed = async (params: { created: number | { gte?: number; lt?: number }; status?: "open" | "complete" }) =>
      (await stripe().checkout.sessions.list({ ...params, limit: 100 })).data.map((session) => session.id);
    expect(await listed({ created: { gte: created }, status: "open" })).toContain(sessionId);
    expect(await listed({ created: { gte: created + 1 } })).not.toContain(sessionId);
    expect(await listed({ created: { lt: created } })).not.toContain(sessionId);
    expect(await listed({ created })).toContain(sessionId);
    expect(await listed({ created: { gte: created }, status: "complete" })).not.toContain(sessionId);
    const invoices = await stripe().invoices.list({ created: { gte: created + 86_400 }, limit: 100 });
    expect(invoices.data).toEqual([]);
  });
});
