import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as ordersCsv } from "@/app/api/operator/orders.csv/route";
import { parseListQuery } from "@/lib/operator/list-query";
import { ORDER_LIST_DEFAULTS, ORDER_SORTS, parseOrderFilters } from "@/lib/operator/order-list";
import { orderListQuery } from "@/server/db/operator/operator-orders";
import { orderListPage, orderTotals } from "@/server/operator/orders";
import { suiteSql } from "../../fixtures/db";
import { callRoute, signedInOperator } from "../../fixtures/operators";
import { createCohort, signedInMember } from "../../fixtures/payments";

// The order list's filters (status, cohort, created dates), the totals of what they match, the
// search by a refund's id or a cohort's name, and the CSV of what the list shows.
const sql = suiteSql();
const operator = await signedInOperator("orders-filter-op");

type Params = Record<string, string>;
const query = (params: Params) => parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS);
const list = (params: Params) => orderListPage(query(params), parseOrderFilters(params).filters);
const totals = (params: Params) => orderTotals(query(params), parseOrderFilters(params).filters);
const emails = async (params: Params) => (await list(params)).rows.map((row) => row.email);

type Kind = "paid" | "partly_refunded" | "refunded" | "disputed" | "pending" | "expired";

/** An order in `cohortId` created at `createdAt` (UTC), its money as `kind` leaves it: $100 with $20 refunded when partly. */
async function order(cohortId: string, email: string, kind: Kind, createdAt = "2026-03-10T12:00:00Z", totalCents = 10_000) {
  const status = {
    paid: "paid",
    partly_refunded: "paid",
    refunded: "refunded",
    disputed: "charged_back",
    pending: "pending",
    expired: "expired",
  }[kind];
  const refunded = kind === "refunded" ? totalCents : kind === "partly_refunded" ? 2_000 : 0;
  const paidAt = ["paid", "refunded", "charged_back"].includes(status) ? new Date(createdAt) : null;
  const [row] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, refunded_cents, status, paid_at, created_at)
    values (${email}, 'starter', 'Starter', false, ${cohortId}, ${totalCents}, 0, ${totalCents}, ${refunded}, ${status}, ${paidAt}, ${createdAt})
    returning id`;
  return row!.id;
}

/** A cohort named `name` (a fresh one each call). */
async function namedCohort(name: string) {
  const id = await createCohort(sql);
  await sql`update public.cohorts set cohort_name = ${name} where id = ${id}`;
  return id;
}

/** One order of each kind, under a label of their own (their emails start with it). */
async function oneOfEach() {
  const label = `flt${randomUUID().slice(0, 8)}`;
  const cohortId = await namedCohort(`Filter cohort ${label}`);
  const kinds: Kind[] = ["paid", "partly_refunded", "refunded", "disputed", "pending", "expired"];
  for (const kind of kinds) await order(cohortId, `${label}.${kind}@example.com`, kind);
  return { label, cohortId };
}

describe("filtering orders by status", () => {
  it("shows only the orders whose money stands as the status says", async () => {
    const { label } = await oneOfEach();
    for (const status of ["paid", "partly_refunded", "refunded", "disputed", "pending"]) {
      expect(await emails({ q: label, status }), status).toEqual([`${label}.${status}@example.com`]);
    }
    expect(await emails({ q: label })).toHaveLength(6);
  });
});

describe("filtering orders by cohort", () => {
  it("shows the orders whose seat is in the cohort, or that were bought for it and hold no seat", async () => {
    const label = `coh${randomUUID().slice(0, 8)}`;
    const first = await namedCohort(`First ${label}`);
    const second = await namedCohort(`Second ${label}`);
    const stays = await order(first, `${label}.stays@example.com`, "paid");
    const moved = await order(first, `${label}.moved@example.com`, "paid");
    await order(second, `${label}.other@example.com`, "paid");
    await sql`update public.cohorts set prospective_participant_count = prospective_participant_count + 1, participant_count = participant_count + 1 where id = ${second}`;
    await sql`insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at) values (${second}, ${moved}, ${`${label}.moved@example.com`}, 'enrolled', now())`;
    expect(await emails({ q: label, cohort: first })).toEqual([`${label}.stays@example.com`]);
    expect((await emails({ q: label, cohort: second })).sort()).toEqual([`${label}.moved@example.com`, `${label}.other@example.com`]);
    expect(stays).toBeTruthy();
  });
});

describe("filtering orders by created date", () => {
  it("takes whole UTC days, both ends included, whatever the server's time zone", async () => {
    const label = `day${randomUUID().slice(0, 8)}`;
    const cohortId = await createCohort(sql);
    await order(cohortId, `${label}.before@example.com`, "paid", "2026-03-09T23:59:59.999Z");
    await order(cohortId, `${label}.first@example.com`, "paid", "2026-03-10T00:00:00Z");
    await order(cohortId, `${label}.last@example.com`, "paid", "2026-03-11T23:59:59.999Z");
    await order(cohortId, `${label}.after@example.com`, "paid", "2026-03-12T00:00:00Z");
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
        process.env.TZ = tz;
        expect(await emails({ q: label, from: "2026-03-10", to: "2026-03-11" }), tz).toEqual([
          `${label}.last@example.com`,
          `${label}.first@example.com`,
        ]);
        expect(await emails({ q: label, from: "2026-03-11" }), tz).toEqual([`${label}.after@example.com`, `${label}.last@example.com`]);
        expect(await emails({ q: label, to: "2026-03-09" }), tz).toEqual([`${label}.before@example.com`]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("composes with the status filter, the sort and the pager", async () => {
    const label = `pgr${randomUUID().slice(0, 8)}`;
    const cohortId = await createCohort(sql);
    for (let n = 0; n < 55; n++)
      await order(cohortId, `${label}.${n}@example.com`, "paid", `2026-04-01T00:${String(n).padStart(2, "0")}:00Z`, 1_000 + n);
    await order(cohortId, `${label}.pending@example.com`, "pending", "2026-04-01T00:30:30Z");
    await order(cohortId, `${label}.late@example.com`, "paid", "2026-04-02T00:00:00Z");
    const params = { q: label, status: "paid", from: "2026-04-01", to: "2026-04-01", sort: "amount", dir: "asc" };
    const first = await list(params);
    expect(first.rows).toHaveLength(50);
    const second = await list({ ...params, after: JSON.stringify(first.next) });
    expect(second.next).toBeNull();
    expect([...first.rows, ...second.rows].map((row) => row.totalCents)).toEqual(Array.from({ length: 55 }, (_, n) => 1_000 + n));
  });
});

describe("the totals of the filtered orders", () => {
  it("count every match and add up what was paid, refunded and lost, to a net", async () => {
    const { label } = await oneOfEach();
    // paid, partly refunded, refunded and disputed were paid ($100 each); $20 + $100 refunded; $100 lost to the dispute.
    expect(await totals({ q: label })).toEqual({
      count: 6,
      byCurrency: [{ currency: "usd", paidCents: 40_000, refundedCents: 12_000, disputedCents: 10_000, netCents: 18_000 }],
    });
    expect(await totals({ q: label, status: "partly_refunded" })).toEqual({
      count: 1,
      byCurrency: [{ currency: "usd", paidCents: 10_000, refundedCents: 2_000, disputedCents: 0, netCents: 8_000 }],
    });
    expect(await totals({ q: label, status: "pending" })).toEqual({
      count: 1,
      byCurrency: [{ currency: "usd", paidCents: 0, refundedCents: 0, disputedCents: 0, netCents: 0 }],
    });
    expect(await totals({ q: `${label}-none@example.com` })).toEqual({ count: 0, byCurrency: [] });
  });

  it("count more than a page", async () => {
    const label = `tot${randomUUID().slice(0, 8)}`;
    const cohortId = await createCohort(sql);
    await sql`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at)
      select ${label} || '.' || n || '@example.com', 'starter', 'Starter', false, ${cohortId}, 500, 0, 500, 'paid', now()
      from generate_series(1, 120) n`;
    expect(await totals({ q: label, status: "paid" })).toMatchObject({ count: 120, byCurrency: [{ paidCents: 60_000, netCents: 60_000 }] });
  });
});

describe("searching orders by a refund's id and a cohort's name", () => {
  it("finds the order a refund was made for, and the orders of a cohort by any part of its name", async () => {
    const label = `srch${randomUUID().slice(0, 8)}`;
    const cohortId = await namedCohort(`Orchard ${label} Spring`);
    const refunded = await order(cohortId, `${label}.a@example.com`, "partly_refunded");
    await order(cohortId, `${label}.b@example.com`, "paid");
    const refundId = `re_${randomUUID().replaceAll("-", "")}`;
    await sql`
      insert into public.order_refunds (order_id, request_key, amount_cents, reason, status, stripe_refund_id, completed_at)
      values (${refunded}, ${randomUUID()}, 2000, 'requested_by_customer', 'succeeded', ${refundId}, now())`;
    expect((await list({ q: refundId })).rows.map((row) => row.id)).toEqual([refunded]);
    expect(await emails({ q: "re_doesnotexist" })).toEqual([]);
    expect((await emails({ q: `orchard ${label.toUpperCase()}` })).sort()).toEqual([`${label}.a@example.com`, `${label}.b@example.com`]);
    expect((await emails({ q: `${label} spring`, status: "paid" })).sort()).toEqual([`${label}.b@example.com`]);
    expect(await totals({ q: `Orchard ${label}` })).toMatchObject({ count: 2 });
  });

  it("still reads no order table through for a cohort's name or a refund id", async () => {
    const queries: Params[] = [{ q: "re_abc" }, { q: "Orchard" }, { status: "pending" }];
    for (const params of queries) {
      const plan = await sql.begin(async (tx) => {
        await tx`set local enable_seqscan = off`;
        const rows = await tx<
          { "QUERY PLAN": string }[]
        >`explain ${orderListQuery(tx, query(params), { filters: parseOrderFilters(params).filters, cohortIds: [randomUUID()] })}`;
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan, JSON.stringify(params)).not.toMatch(/Seq Scan on orders/);
    }
  });
});

const csv = (path: string, token?: string) => callRoute(ordersCsv, path, { token });

describe("GET /api/operator/orders.csv", () => {
  it("is for operators only: a visitor and a member get 403", async () => {
    const member = await signedInMember("orders-csv-member");
    for (const token of [undefined, member.token]) {
      const answer = await csv("/api/operator/orders.csv", token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: "This is for operators only.", code: "forbidden" });
    }
  });

  it("holds every order the filter matches (more than a page), in the list's order, as the list shows them", async () => {
    const label = `csv${randomUUID().slice(0, 8)}`;
    const cohortId = await namedCohort(`CSV ${label}`);
    await sql`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, refunded_cents, status, paid_at, created_at)
      select ${label} || '.' || n || '@example.com', 'starter', 'Starter', n % 2 = 0, ${cohortId}, 1000 + n, 0, 1000 + n,
        case when n % 3 = 0 then 1000 + n else 0 end, case when n % 3 = 0 then 'refunded' else 'paid' end, now(), now() - make_interval(secs => n)
      from generate_series(1, 700) n`;
    const answer = await csv(`/api/operator/orders.csv?q=${label}&status=refunded&sort=amount&dir=desc`, operator.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const lines = answer.text.trimEnd().split("\n");
    expect(lines[0]).toBe("order_id,created_at,email,cohort,plan,cgm,currency,amount,refunded,status");
    const refundedNs = Array.from({ length: 700 }, (_, i) => 700 - i).filter((n) => n % 3 === 0);
    expect(lines).toHaveLength(refundedNs.length + 1);
    const cells = lines.slice(1).map((line) => line.slice(1, -1).split('","'));
    expect(cells.map((c) => c[2])).toEqual(refundedNs.map((n) => `${label}.${n}@example.com`));
    // The dearest refunded order is n = 699: $16.99, no CGM (odd n).
    expect(cells[0]!.slice(3)).toEqual([`CSV ${label}`, "Starter", "no", "USD", "16.99", "16.99", "Refunded"]);
    // A filter named twice counts by its first value, as on the page.
    const twice = await csv(`/api/operator/orders.csv?q=${label}&status=refunded&status=paid&sort=amount&dir=desc`, operator.token);
    expect(twice.text).toBe(answer.text);
    const page = await list({ q: label, status: "refunded", sort: "amount", dir: "desc" });
    expect(cells.slice(0, 50).map((c) => c[0])).toEqual(page.rows.map((row) => row.id));
  });

  it("neutralises a cell a spreadsheet would run as a formula", async () => {
    const label = `inj${randomUUID().slice(0, 8)}`;
    const cohortId = await namedCohort(`=HYPERLINK("http://evil.example/${label}")`);
    await order(cohortId, `${label}@example.com`, "paid");
    const answer = await csv(`/api/operator/orders.csv?q=${label}`, operator.token);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`,"'=HYPERLINK(""http://evil.example/${label}"")",`);
    expect(answer.text).not.toMatch(/,"=HYPERLINK/);
  });
});

describe("a query that is not valid", () => {
  const bad: Params[] = [
    { status: "lost" },
    { status: "\u0000" },
    { q: "\u0000", status: "paid\u0000" },
    { q: "\ud800abc", cohort: "\ud800" },
    { cohort: "not-a-uuid", from: "2026-02-30", to: "yesterday" },
    { from: "2026-05-02", to: "2026-05-01" },
    { after: '["\u0000",1]', sort: "\ud800", dir: "sideways" },
  ];

  it("is left out of the list and its totals, each with a reason, never an error", async () => {
    for (const params of bad) {
      const { filters, problems } = parseOrderFilters(params);
      const named = ["status", "cohort", "from", "to"].filter((name) => params[name] !== undefined);
      expect(filters, JSON.stringify(params)).toEqual({ status: null, cohort: null, from: null, to: null });
      if (named.length > 0) expect(problems.length, JSON.stringify(params)).toBeGreaterThan(0);
      await expect(list(params)).resolves.toBeTruthy();
      await expect(totals(params)).resolves.toBeTruthy();
    }
    expect(parseOrderFilters({ from: "2026-05-02", to: "2026-05-01" }).problems).toEqual([
      "The start date is after the end date, so the dates are left out.",
    ]);
  });

  it("gives the CSV of the list without it, never a 500", async () => {
    const paths = [
      "/api/operator/orders.csv?status=%00",
      "/api/operator/orders.csv?q=%00&cohort=%00",
      "/api/operator/orders.csv?q=%ED%A0%80&status=%ED%A0%80",
      "/api/operator/orders.csv?status=unknown&from=2026-06-02&to=2026-06-01",
      "/api/operator/orders.csv?from=2026-13-45&sort=%00&dir=up&after=%5B%22x%22",
    ];
    for (const path of paths) {
      const answer = await csv(path, operator.token);
      expect(answer.status, path).toBe(200);
      expect(answer.text.split("\n")[0]).toBe("order_id,created_at,email,cohort,plan,cgm,currency,amount,refunded,status");
    }
  });
});
