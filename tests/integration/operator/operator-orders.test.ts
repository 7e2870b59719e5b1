import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as refundRoute } from "@/app/api/operator/orders/[id]/refunds/route";
import { parseListQuery } from "@/lib/operator/list-query";
import { ORDER_LIST_DEFAULTS, ORDER_SORTS } from "@/lib/operator/order-list";
import { orderReference } from "@/lib/operator/order-details";
import { formatMoney } from "@/lib/pricing/money";
import { orderListQuery } from "@/server/db/operator/operator-orders";
import { operatorOrderDetails, orderListPage } from "@/server/operator/orders";
import { orderTimeline } from "@/server/operator/order-timeline";
import { suiteSql } from "../../fixtures/db";
import { signedInOperator } from "../../fixtures/operators";
import { freshSignIn, operatorCall, paidOrder } from "../../fixtures/operator-orders";
import { createCohort, eventually, suiteWebhookEndpoint } from "../../fixtures/payments";

// Orders: the operator's order list (searched by email, order or Stripe id, sorted by date
// or amount, a page at a time by keyset, each search through an index) and an order's timeline.
const sql = suiteSql();
suiteWebhookEndpoint();

const list = (params: Record<string, string>) => orderListPage(parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS));
const ids = (page: Awaited<ReturnType<typeof list>>) => page.rows.map((row) => row.id);

describe("searching orders", () => {
  it("finds an order by its email (whole, its beginning, any case), its id, its reference and each Stripe id", async () => {
    const cohortId = await createCohort(sql);
    const label = `finder${randomUUID().slice(0, 6)}`;
    const order = await paidOrder(sql, cohortId, { email: `${label}@example.com` });
    const [stripeIds] = await sql<{ stripe_invoice_id: string; stripe_subscription_id: string; stripe_customer_id: string }[]>`
      select stripe_invoice_id, stripe_subscription_id, stripe_customer_id from public.orders where id = ${order.orderId}`;
    const searches = [
      `${label}@example.com`,
      label.toUpperCase(),
      order.orderId,
      orderReference(order.orderId),
      `Order ${orderReference(order.orderId)}`,
      order.sessionId,
      order.paymentIntent,
      order.charge,
      stripeIds!.stripe_invoice_id,
      stripeIds!.stripe_subscription_id,
      stripeIds!.stripe_customer_id,
    ];
    for (const q of searches) expect(ids(await list({ q })), q).toContain(order.orderId);
    const [row] = (await list({ q: order.sessionId })).rows;
    expect(row).toMatchObject({
      email: `${label}@example.com`,
      planName: "Starter",
      status: "paid",
      totalCents: order.totalCents,
      refundedCents: 0,
    });
    expect(row!.cohortName).toMatch(/^Test cohort/);
  });

  it("finds nothing for what names no order, and takes a LIKE wildcard literally", async () => {
    for (const q of [
      "nobody-here@example.com",
      "cs_test_doesnotexist",
      randomUUID(),
      "%",
      "_@example.com",
      "ch_x'; drop table orders; --",
    ]) {
      expect((await list({ q })).rows, q).toEqual([]);
    }
  });
});

describe("paging and sorting orders", () => {
  it("pages newest first by the last row shown, every order once; by amount too, either way", async () => {
    const cohortId = await createCohort(sql);
    const label = `pager${randomUUID().slice(0, 6)}`;
    // 60 orders a second apart, their amounts in the opposite order.
    await sql`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, created_at)
      select ${label} || '.' || n || '@example.com', 'starter', 'Starter', false, ${cohortId}, 10000 - n, 0, 10000 - n,
        now() - make_interval(secs => n)
      from generate_series(1, 60) n`;
    const first = await list({ q: label });
    expect(first.rows).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = await list({ q: label, after: JSON.stringify(first.next) });
    expect(second.rows).toHaveLength(10);
    expect(second.next).toBeNull();
    const emails = [...first.rows, ...second.rows].map((r) => r.email);
    expect(emails).toEqual(Array.from({ length: 60 }, (_, i) => `${label}.${i + 1}@example.com`));

    const cheapest = await list({ q: label, sort: "amount", dir: "asc" });
    expect(cheapest.rows[0]!.totalCents).toBe(10000 - 60);
    const rest = await list({ q: label, sort: "amount", dir: "asc", after: JSON.stringify(cheapest.next) });
    expect([...cheapest.rows, ...rest.rows].map((r) => r.totalCents)).toEqual(Array.from({ length: 60 }, (_, i) => 10000 - 60 + i));
  });

  it("reads a cursor that does not fit the sort as the first page", async () => {
    const first = await list({});
    for (const after of [
      JSON.stringify(["not a date", randomUUID()]),
      JSON.stringify([12, "not-a-uuid"]),
      JSON.stringify([12, randomUUID()]),
    ]) {
      expect(ids(await list({ after }))).toEqual(ids(first));
    }
  });
});

describe("the order list's searches", () => {
  it("are each served by an index, never by reading every order", async () => {
    const queries = [
      {},
      { sort: "amount", dir: "asc" },
      { q: "someone@example.com" },
      { q: "some" },
      { q: randomUUID() },
      { q: "1a2b3c4d" },
      { q: "cs_test_abc" },
      { q: "pi_abc" },
      { q: "ch_abc" },
      { q: "in_abc" },
      { q: "sub_abc" },
      { q: "cus_abc" },
      { after: JSON.stringify(["2026-11-29T10:00:00.000000Z", randomUUID()]) },
    ];
    for (const params of queries) {
      // A narrow search reads its matches first; a broad one walks the list (see NARROW_SEARCH_MAX).
      for (const narrow of [false, true]) {
        const plan = await sql.begin(async (tx) => {
          // Told to avoid reading tables through, the planner still must when no index serves the query.
          await tx`set local enable_seqscan = off`;
          const rows = await tx<
            { "QUERY PLAN": string }[]
          >`explain ${orderListQuery(tx, parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS), { narrow })}`;
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
        expect(plan, JSON.stringify({ ...params, narrow })).not.toMatch(/Seq Scan on orders/);
      }
    }
  });
});

describe("an order's page", () => {
  it("shows its timeline from the checkout to the refund, with emails, seats, Stripe events and the operator's change", async () => {
    const operator = await signedInOperator("timeline-op");
    expect((await freshSignIn(operator.token)).status).toBe(200);
    const cohortId = await createCohort(sql);
    const order = await paidOrder(sql, cohortId);
    const refund = await operatorCall(refundRoute, `/api/operator/orders/${order.orderId}/refunds`, {
      token: operator.token,
      params: { id: order.orderId },
      body: { amountCents: order.totalCents, reason: "duplicate", requestKey: randomUUID() },
    });
    expect(refund.status).toBe(200);
    await eventually(async () => {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from public.cohort_seats where order_id = ${order.orderId} and status = 'released'`;
      expect(row!.n).toBe(1);
    });
    const details = (await operatorOrderDetails(order.orderId))!;
    expect(details).toMatchObject({
      status: "refunded",
      refundedCents: order.totalCents,
      refundableCents: 0,
      seat: null,
      stripe: { checkoutSessionId: order.sessionId, paymentIntentId: order.paymentIntent, chargeId: order.charge },
      refunds: [{ amountCents: order.totalCents, reason: "duplicate", status: "succeeded" }],
    });
    const timeline = await orderTimeline(details);
    const titles = timeline.map((entry) => entry.title);
    expect(titles[0]).toBe("Checkout opened");
    for (const title of [
      expect.stringMatching(/^Paid \$/),
      expect.stringMatching(/^Seat taken in Test cohort/),
      expect.stringMatching(/^Seat given back in Test cohort/),
      "Email queued: receipt",
      "Email queued: account set-up link",
      expect.stringMatching(/^Refund of \$[\d,.]+ asked for$/),
      expect.stringMatching(/^Refund of \$[\d,.]+ made at Stripe$/),
      "Stripe event checkout.session.completed",
      "Stripe event invoice.paid",
      "Stripe event charge.refunded",
      `${operator.email} refunded ${formatMoney(order.totalCents)} of order ${orderReference(order.orderId)} (full refund, duplicate payment)`,
    ]) {
      expect(titles).toContainEqual(title);
    }
    expect(timeline.map((e) => e.at)).toEqual([...timeline.map((e) => e.at)].sort());
  });

  it("is null for an order that does not exist", async () => {
    expect(await operatorOrderDetails(randomUUID())).toBeNull();
  });
});
