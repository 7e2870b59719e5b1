import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as refundRoute } from "@/app/api/operator/orders/[id]/refunds/route";
import { stripe } from "@/server/payments/stripe-client";
import { suiteSql } from "../../fixtures/db";
import { jobsSettled } from "../../fixtures/jobs";
import { auditEntriesOf, signedInOperator } from "../../fixtures/operators";
import { freshSignIn, operatorCall, paidOrder, refundsOf, type PaidOrder } from "../../fixtures/operator-orders";
import { cohortCounts, createCohort, eventually, signedInMember, stripeDeliveries, suiteWebhookEndpoint } from "../../fixtures/payments";

// Refunds: an operator refunds an order in full or in part through Stripe (the stand-in,
// driven by stripe-node), the job engine makes the refund and Stripe's charge.refunded webhook does
// what a refund does: a full refund frees the seat. A money action: it needs a fresh sign-in.
const sql = suiteSql();
const endpoint = suiteWebhookEndpoint();
const operator = await signedInOperator("refund-op");

beforeAll(async () => {
  expect((await freshSignIn(operator.token)).status).toBe(200);
});

/** POST /api/operator/orders/{id}/refunds as the operator (or as `token`; null: a visitor). */
const refund = (orderId: string, body: Record<string, unknown>, token: string | null = operator.token) =>
  operatorCall(refundRoute, `/api/operator/orders/${orderId}/refunds`, {
    token: token ?? undefined,
    body: { reason: "requested_by_customer", requestKey: randomUUID(), ...body },
    params: { id: orderId },
  });

async function seatedOrder(cap = 5): Promise<PaidOrder & { cohortId: string }> {
  const cohortId = await createCohort(sql, { cap });
  const member = await signedInMember("refund-buyer");
  return { cohortId, ...(await paidOrder(sql, cohortId, { token: member.token })) };
}

async function orderState(orderId: string) {
  const [row] = await sql<
    { status: string; refunded_cents: number }[]
  >`select status, refunded_cents from public.orders where id = ${orderId}`;
  return row!;
}

const stripeRefunds = async (paymentIntent: string) => (await stripe().refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;

describe("a full refund", () => {
  it("is made at Stripe once, then the webhook refunds the order and the seat frees; the audit log holds it", async () => {
    const order = await seatedOrder();
    expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ participants: 1, enrolled: 1 });

    const answer = await refund(order.orderId, { amountCents: order.totalCents, note: "Changed their mind" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "pending", amountCents: order.totalCents, refundableCents: 0 });

    await eventually(async () =>
      expect((await refundsOf(sql, order.orderId))[0]).toMatchObject({
        status: "succeeded",
        stripe_refund_id: expect.stringMatching(/^re_/),
      }),
    );
    await eventually(async () => expect(await orderState(order.orderId)).toEqual({ status: "refunded", refunded_cents: order.totalCents }));
    await eventually(async () =>
      expect(await cohortCounts(sql, order.cohortId)).toEqual({ prospective: 0, participants: 0, held: 0, enrolled: 0 }),
    );

    const made = await stripeRefunds(order.paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: order.totalCents,
      reason: "requested_by_customer",
      metadata: { order_id: order.orderId, cause: "operator" },
    });
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([
      {
        actor_id: operator.userId,
        actor: operator.email,
        action: "order.refund",
        subject_type: "order",
        before: { status: "paid", refunded_cents: 0, refundable_cents: order.totalCents },
        after: {
          refund_id: (answer.body.data as { id: string }).id,
          amount_cents: order.totalCents,
          currency: "usd",
          reason: "requested_by_customer",
          note: "Changed their mind",
        },
      },
    ]);
  });
});

describe("a partial refund", () => {
  it("keeps the seat and the order paid, as a partial refund made at Stripe does; the rest can be refunded after", async () => {
    const order = await seatedOrder();
    expect((await refund(order.orderId, { amountCents: 500 })).status).toBe(200);
    await eventually(async () => expect(await orderState(order.orderId)).toEqual({ status: "paid", refunded_cents: 500 }));
    await jobsSettled(sql);
    expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ participants: 1, enrolled: 1 });

    const rest = await refund(order.orderId, { amountCents: order.totalCents - 500 });
    expect(rest.status).toBe(200);
    await eventually(async () => expect(await orderState(order.orderId)).toEqual({ status: "refunded", refunded_cents: order.totalCents }));
    await eventually(async () => expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ participants: 0, enrolled: 0 }));
    expect((await stripeRefunds(order.paymentIntent)).map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [500, order.totalCents - 500].sort((a, b) => a - b),
    );
  });
});

describe("what cannot be refunded", () => {
  it("refuses more than is left (422), counting refunds still on their way to Stripe, and records nothing", async () => {
    const order = await seatedOrder();
    const tooMuch = await refund(order.orderId, { amountCents: order.totalCents + 1 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details).toEqual([
      { path: "amountCents", message: expect.stringMatching(/^At most \$[\d,.]+ can be refunded\.$/) },
    ]);
    expect(await refundsOf(sql, order.orderId)).toEqual([]);

    expect((await refund(order.orderId, { amountCents: order.totalCents - 100 })).status).toBe(200);
    // Asked for at once: the first refund is counted whether or not Stripe has made it yet.
    expect((await refund(order.orderId, { amountCents: 101 })).status).toBe(422);
    expect((await refund(order.orderId, { amountCents: 100 })).status).toBe(200);
    await eventually(async () => expect(await orderState(order.orderId)).toMatchObject({ status: "refunded" }));
    const nothingLeft = await refund(order.orderId, { amountCents: 1 });
    expect(nothingLeft.status).toBe(422);
    expect(nothingLeft.body.error).toBe("Nothing is left to refund on this order.");
    expect(await refundsOf(sql, order.orderId)).toHaveLength(2);
    expect(await auditEntriesOf(sql, order.orderId)).toHaveLength(2);
  });

  it("refuses bad input with 422 and an order that was never paid with 409", async () => {
    const order = await seatedOrder();
    for (const body of [
      { amountCents: 0 },
      { amountCents: 12.5 },
      { amountCents: "500" },
      { amountCents: 500, reason: "because" },
      { amountCents: 500, requestKey: "x" },
    ]) {
      expect((await refund(order.orderId, body)).status, JSON.stringify(body)).toBe(422);
    }
    const cohortId = await createCohort(sql);
    const [unpaid] = await sql<{ id: string }[]>`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents)
      values ('unpaid@example.com', 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692) returning id`;
    expect((await refund(unpaid!.id, { amountCents: 100 })).status).toBe(409);
    expect((await refund(randomUUID(), { amountCents: 100 })).status).toBe(404);
    expect(
      (await operatorCall(refundRoute, "/api/operator/orders/nope/refunds", { token: operator.token, body: {}, params: { id: "nope" } }))
        .status,
    ).toBe(422);
  });
});

describe("a replayed or double-sent refund", () => {
  it("is one refund: the same request key answers the same refund, Stripe refunds once, the audit log holds one entry", async () => {
    const order = await seatedOrder();
    const requestKey = randomUUID();
    const [first, second] = await Promise.all([
      refund(order.orderId, { amountCents: 700, requestKey }),
      refund(order.orderId, { amountCents: 700, requestKey }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body.data as { id: string }).id).toBe((second.body.data as { id: string }).id);
    const replay = await refund(order.orderId, { amountCents: 700, requestKey });
    expect((replay.body.data as { id: string }).id).toBe((first.body.data as { id: string }).id);
    expect((await refund(order.orderId, { amountCents: 800, requestKey })).status).toBe(409);

    await eventually(async () => expect(await orderState(order.orderId)).toEqual({ status: "paid", refunded_cents: 700 }));
    await jobsSettled(sql);
    expect((await stripeRefunds(order.paymentIntent)).map((r) => r.amount)).toEqual([700]);
    expect(await auditEntriesOf(sql, order.orderId)).toHaveLength(1);
  });
});

describe("a job that dies between Stripe's answer and recording it", () => {
  // A fault in the database, once: recording the first attempt's success fails, after Stripe made the refund.
  beforeAll(async () => {
    await sql`create table if not exists public.test_refund_faults (order_id uuid primary key)`;
    await sql`
      create or replace function public.test_refund_fault() returns trigger language plpgsql as $$
      begin
        if new.status = 'succeeded' and new.attempts = 1 and exists (select 1 from public.test_refund_faults where order_id = new.order_id) then
          raise exception 'injected fault: the worker died before recording the refund';
        end if;
        return new;
      end $$`;
    await sql`create trigger test_refund_fault before update on public.order_refunds for each row execute function public.test_refund_fault()`;
  });
  afterAll(async () => {
    await sql`drop trigger if exists test_refund_fault on public.order_refunds`;
    await sql`drop function if exists public.test_refund_fault()`;
    await sql`drop table if exists public.test_refund_faults`;
  });

  it("is retried and records the refund Stripe made: one refund at Stripe, the seat freed once", async () => {
    const order = await seatedOrder();
    await sql`insert into public.test_refund_faults (order_id) values (${order.orderId})`;
    expect((await refund(order.orderId, { amountCents: order.totalCents })).status).toBe(200);

    await eventually(
      async () => expect((await refundsOf(sql, order.orderId))[0]).toMatchObject({ status: "succeeded", attempts: 2, failure: null }),
      20_000,
    );
    await eventually(async () => expect(await orderState(order.orderId)).toEqual({ status: "refunded", refunded_cents: order.totalCents }));
    await eventually(async () =>
      expect(await cohortCounts(sql, order.cohortId)).toMatchObject({ participants: 0, enrolled: 0, prospective: 0 }),
    );
    const made = await stripeRefunds(order.paymentIntent);
    expect(made).toHaveLength(1);
    expect((await stripe().charges.retrieve(order.charge)).amount_refunded).toBe(order.totalCents);
    expect((await refundsOf(sql, order.orderId))[0]!.stripe_refund_id).toBe(made[0]!.id);
  });
});

describe("a refund Stripe refuses", () => {
  it("is recorded failed with Stripe's reason, and nothing is refunded twice", async () => {
    const order = await seatedOrder();
    // Refunded in Stripe's dashboard while its webhook never reached us: the order still looks paid.
    endpoint.setDropping(true);
    try {
      await stripe().refunds.create({ payment_intent: order.paymentIntent });
      await eventually(async () => {
        const deliveries = await stripeDeliveries({ type: "charge.refunded" });
        expect(deliveries.some((d) => d.endpoint_url === endpoint.url && d.state === "failed")).toBe(true);
      });
    } finally {
      endpoint.setDropping(false);
    }
    expect((await refund(order.orderId, { amountCents: 500 })).status).toBe(200);
    await eventually(async () =>
      expect((await refundsOf(sql, order.orderId))[0]).toMatchObject({
        status: "failed",
        failure: expect.stringMatching(/^Stripe refused the refund: /),
      }),
    );
    expect((await stripe().charges.retrieve(order.charge)).amount_refunded).toBe(order.totalCents);
    expect(await stripeRefunds(order.paymentIntent)).toHaveLength(1);
  });
});

describe("who may refund", () => {
  it("answers 403 to a visitor and a member, and records nothing", async () => {
    const order = await seatedOrder();
    const member = await signedInMember("refund-member");
    for (const token of [null, member.token]) {
      const answer = await refund(order.orderId, { amountCents: 100 }, token);
      expect(answer).toEqual({ status: 403, body: { error: "This is for operators only.", code: "forbidden" } });
    }
    expect(await refundsOf(sql, order.orderId)).toEqual([]);
  });

  it("answers 403 fresh_sign_in_required to an operator without a fresh sign-in, and changes nothing", async () => {
    const order = await seatedOrder();
    const stale = await signedInOperator("stale-refund-op");
    const answer = await refund(order.orderId, { amountCents: 100 }, stale.token);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("fresh_sign_in_required");
    expect(await refundsOf(sql, order.orderId)).toEqual([]);
    expect(await auditEntriesOf(sql, order.orderId)).toEqual([]);
    await jobsSettled(sql);
    expect(await stripeRefunds(order.paymentIntent)).toEqual([]);
  });
});
