import { describe, expect, it } from "vitest";
import { releaseLapsedSeatHolds } from "@/server/scheduled/lapsed-seat-holds";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { outboxFor } from "../../fixtures/jobs";
import { cohortCounts, createCohort, openCheckout, payAtStripe } from "../../fixtures/payments";

// No webhook endpoint is registered in this file: what Stripe knows reaches the app only through
// the job, as when a webhook is lost.
const sql = suiteSql();

async function orderOf(sessionId: string) {
  const [order] = await sql<{ id: string; status: string; email: string | null }[]>`
    select id, status, email from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return order!;
}

async function seatOf(orderId: string) {
  const [seat] = await sql<{ status: string }[]>`select status from public.cohort_seats where order_id = ${orderId}`;
  return seat!.status;
}

async function lapseHold(orderId: string): Promise<void> {
  await sql`update public.cohort_seats set hold_expires_at = now() - interval '1 minute' where order_id = ${orderId} and status = 'held'`;
}

describe("the lapsed-seat-holds job", () => {
  it("releases a lapsed unpaid hold, expires its order and its still-open Stripe session", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    const order = await orderOf(sessionId);
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 0, held: 1, enrolled: 0 });
    await lapseHold(order.id);

    await releaseLapsedSeatHolds();

    expect((await orderOf(sessionId)).status).toBe("expired");
    expect(await seatOf(order.id)).toBe("released");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
    // Nobody can pay for the seat that went back.
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("expired");
  });

  it("fulfils an order Stripe reports paid whose hold lapsed before its webhook came: paid and seated, never expired", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    expect((await payAtStripe(sessionId, { email: "lapsed.but.paid@example.com" })).outcome).toBe("succeeded");
    const order = await orderOf(sessionId);
    expect(order.status).toBe("pending");
    await lapseHold(order.id);

    const outcome = await releaseLapsedSeatHolds();

    expect(outcome.fulfilled).toBeGreaterThanOrEqual(1);
    expect((await orderOf(sessionId)).status).toBe("paid");
    expect(await seatOf(order.id)).toBe("enrolled");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 1, participants: 1, held: 0, enrolled: 1 });
    expect((await outboxFor(sql, "lapsed.but.paid@example.com")).map((email) => email.kind)).toContain("payment-confirmation");
  });

  it("releases a lapsed hold whose session Stripe has expired already", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    await stripe().checkout.sessions.expire(sessionId);
    const order = await orderOf(sessionId);
    await lapseHold(order.id);

    await releaseLapsedSeatHolds();

    expect((await orderOf(sessionId)).status).toBe("expired");
    expect(await cohortCounts(sql, cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 });
  });

  it("leaves a hold that has not lapsed, and its open checkout, alone", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);

    await releaseLapsedSeatHolds();

    const order = await orderOf(sessionId);
    expect(order.status).toBe("pending");
    expect(await seatOf(order.id)).toBe("held");
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe("open");
  });

  it("keeps the hold of a checkout whose bank payment is still clearing", async () => {
    const cohortId = await createCohort(sql);
    const { sessionId } = await openCheckout(cohortId);
    expect((await payAtStripe(sessionId, { async: true })).outcome).toBe("succeeded");
    const order = await orderOf(sessionId);
    await lapseHold(order.id);

    const outcome = await releaseLapsedSeatHolds();

    expect(outcome.awaitingPayment).toBeGreaterThanOrEqual(1);
    expect((await orderOf(sessionId)).status).toBe("pending");
    expect(await seatOf(order.id)).toBe("held");
  });
});
