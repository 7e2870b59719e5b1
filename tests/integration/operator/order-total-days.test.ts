import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NO_ORDER_FILTERS, ORDER_FILTER_STATUSES, ORDER_LIST_DEFAULTS, type OrderFilters } from "@/lib/operator/order-list";
import { countedOrderTotals, foldOrderTotalChanges, summedOrderTotals } from "@/server/db/operator/operator-orders";
import { JOB_HANDLERS } from "@/server/jobs/job-registry";
import { suiteSql, testSql } from "../../fixtures/db";
import { postgresOnly } from "../../fixtures/postgres-only";
import { createCohort } from "../../fixtures/payments";

// The order list's totals without a search or a cohort come from per-day counters: every change to
// an order adds its net change in its own transaction, and the fold-order-totals job folds those
// into per-day rows (20261129191000_order_total_days.sql). They must say what adding up the orders
// says, folded or not, for every status filter and every range of whole UTC days, through every
// change an order goes through; and an order's change must never wait on another's. Each test
// counts orders of a currency of its own, so orders other files write meanwhile are not in what it
// compares.
const sql = suiteSql();
const onPostgres = postgresOnly("two transactions open at once: PGlite is one connection");

const EVERY_ORDER = { q: "", sort: ORDER_LIST_DEFAULTS.sort, dir: ORDER_LIST_DEFAULTS.dir, after: null } as const;
const ownCurrency = () => `q${String.fromCharCode(97 + randomInt(26))}${String.fromCharCode(97 + randomInt(26))}`;

const DAYS = ["2031-05-09", "2031-05-10", "2031-05-11"];
const DAY_RANGES: [string | null, string | null][] = [
  [null, null],
  [DAYS[1]!, null],
  [null, DAYS[1]!],
  [DAYS[1]!, DAYS[1]!],
  [DAYS[0]!, DAYS[2]!],
];
const FILTERS: OrderFilters[] = [null, ...ORDER_FILTER_STATUSES].flatMap((status) =>
  DAY_RANGES.map(([from, to]) => ({ ...NO_ORDER_FILTERS, status, from, to })),
);

/** What each filter's totals say of `currency`'s orders, counted and added up. */
async function bothWays(currency: string) {
  const pick = (totals: Awaited<ReturnType<typeof countedOrderTotals>>) =>
    totals.byCurrency.find((row) => row.currency === currency) ?? null;
  const counted = [];
  const summed = [];
  for (const filters of FILTERS) {
    counted.push({ filters, totals: pick(await countedOrderTotals(filters)) });
    summed.push({ filters, totals: pick(await summedOrderTotals(EVERY_ORDER, filters)) });
  }
  return { counted, summed };
}

async function insertOrder(cohortId: string, currency: string, status: string, createdAt: string, totalCents: number, refundedCents = 0) {
  const paidAt = ["paid", "refunded", "charged_back"].includes(status) ? createdAt : null;
  const [row] = await sql<{ id: string }[]>`
    insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, currency, subtotal_cents, tax_cents, total_cents, refunded_cents, status, paid_at, created_at)
    values ('totals@example.com', 'starter', 'Starter', false, ${cohortId}, ${currency}, ${totalCents}, 0, ${totalCents}, ${refundedCents}, ${status}, ${paidAt}, ${createdAt})
    returning id`;
  return row!.id;
}

describe("the order totals' per-day counters", () => {
  it("say what adding up the orders says, for every filter, through payments, refunds, disputes and deletes", async () => {
    const currency = ownCurrency();
    const cohortId = await createCohort(sql);
    // Orders on each side of the UTC midnights that bound the days the filters pick.
    const pending = await insertOrder(cohortId, currency, "pending", "2031-05-09T23:59:59.999Z", 10_000);
    const paid = await insertOrder(cohortId, currency, "paid", "2031-05-10T00:00:00Z", 12_000);
    const refunded = await insertOrder(cohortId, currency, "paid", "2031-05-10T12:00:00Z", 9_000);
    const disputed = await insertOrder(cohortId, currency, "paid", "2031-05-11T23:59:59.999Z", 7_000, 1_000);
    const expired = await insertOrder(cohortId, currency, "pending", "2031-05-12T00:00:00Z", 5_000);
    await insertOrder(cohortId, currency, "failed", "2031-05-10T08:00:00Z", 4_000);

    const steps: [string, () => Promise<unknown>][] = [
      ["as created", async () => {}],
      ["a checkout paid", () => sql`update public.orders set status = 'paid', paid_at = now() where id = ${pending}`],
      ["a partial refund", () => sql`update public.orders set refunded_cents = 2000 where id = ${paid}`],
      ["a full refund", () => sql`update public.orders set refunded_cents = total_cents, status = 'refunded' where id = ${refunded}`],
      ["a lost dispute", () => sql`update public.orders set status = 'charged_back' where id = ${disputed}`],
      ["a checkout expired", () => sql`update public.orders set status = 'expired' where id = ${expired}`],
      ["a change that moves nothing", () => sql`update public.orders set email = 'moved@example.com' where id = ${paid}`],
      [
        "several orders in one statement",
        () => sql`update public.orders set refunded_cents = 0 where currency = ${currency} and status = 'paid'`,
      ],
      ["an order deleted", () => sql`delete from public.orders where id = ${refunded}`],
    ];
    for (const [index, [step, change]] of steps.entries()) {
      await change();
      const { counted, summed } = await bothWays(currency);
      expect(counted, step).toEqual(summed);
      // Folded every other step: the totals are the same before and after.
      if (index % 2 === 1) {
        await foldOrderTotalChanges();
        expect((await bothWays(currency)).counted, `${step}, folded`).toEqual(summed);
      }
    }
    const everything = (await bothWays(currency)).counted[0]!.totals;
    // Paid: the checkout paid later ($100), the order whose partial refund was put back ($120) and the
    // disputed one ($70, $10 of it refunded before, so $60 lost); the refunded order is gone.
    expect(everything).toEqual({ currency, paidCents: 29_000, refundedCents: 1_000, disputedCents: 6_000, netCents: 22_000 });
  });

  it("are folded by the fold-order-totals job, and read the same after", async () => {
    const currency = ownCurrency();
    const cohortId = await createCohort(sql);
    await insertOrder(cohortId, currency, "paid", "2031-06-03T10:00:00Z", 4_000);
    const before = await bothWays(currency);
    await JOB_HANDLERS["fold-order-totals"]({}, { id: "fold", retryCount: 0, retryLimit: 2, isLastAttempt: false });
    const [left] = await sql<{ n: number }[]>`select count(*)::int as n from public.order_total_changes where currency = ${currency}`;
    expect(left!.n).toBe(0);
    const [days] = await sql<{ n: number }[]>`select count(*)::int as n from public.order_total_days where currency = ${currency}`;
    expect(days!.n).toBe(1);
    expect((await bothWays(currency)).counted).toEqual(before.summed);
    expect(before.counted).toEqual(before.summed);
  });

  it("leave out a currency whose orders are all gone", async () => {
    const currency = ownCurrency();
    const cohortId = await createCohort(sql);
    const id = await insertOrder(cohortId, currency, "paid", "2031-06-01T10:00:00Z", 3_000);
    expect((await countedOrderTotals(NO_ORDER_FILTERS)).byCurrency.map((row) => row.currency)).toContain(currency);
    await sql`delete from public.orders where id = ${id}`;
    expect((await countedOrderTotals(NO_ORDER_FILTERS)).byCurrency.map((row) => row.currency)).not.toContain(currency);
  });

  it("are kept by a change that a transaction rolls back: not at all", async () => {
    const currency = ownCurrency();
    const cohortId = await createCohort(sql);
    await insertOrder(cohortId, currency, "paid", "2031-06-02T10:00:00Z", 3_000);
    await sql
      .begin(async (tx) => {
        await tx`update public.orders set status = 'refunded', refunded_cents = total_cents where currency = ${currency}`;
        throw new Error("rolled back");
      })
      .catch(() => {});
    const { counted, summed } = await bothWays(currency);
    expect(counted).toEqual(summed);
    expect(counted[0]!.totals).toMatchObject({ paidCents: 3_000, refundedCents: 0 });
  });

  onPostgres.it("never make an order's change wait on another's, and fold a change once, after it commits", async () => {
    const currency = ownCurrency();
    const cohortId = await createCohort(sql);
    const [first, second] = [
      await insertOrder(cohortId, currency, "pending", "2031-07-01T10:00:00Z", 1_000),
      await insertOrder(cohortId, currency, "pending", "2031-07-01T11:00:00Z", 2_000),
    ];
    await foldOrderTotalChanges();
    const open = await sql.reserve();
    const other = testSql();
    try {
      await open`begin`;
      // Same day, currency and status, both ways: counters shared by the two would make the second wait.
      await open`update public.orders set status = 'paid', paid_at = now() where id = ${first}`;
      await other.begin(async (tx) => {
        await tx`set local lock_timeout = '2s'`;
        await tx`update public.orders set status = 'paid', paid_at = now() where id = ${second}`;
      });
      // A fold now leaves the open transaction's change where it is: it folds what has committed.
      await foldOrderTotalChanges();
      expect((await bothWays(currency)).counted[0]!.totals).toMatchObject({ paidCents: 2_000 });
      await open`commit`;
    } finally {
      open.release();
      await other.end();
    }
    expect((await bothWays(currency)).counted[0]!.totals).toMatchObject({ paidCents: 3_000 });
    await foldOrderTotalChanges();
    await foldOrderTotalChanges();
    const { counted, summed } = await bothWays(currency);
    expect(counted).toEqual(summed);
    expect(counted[0]!.totals).toMatchObject({ paidCents: 3_000 });
    const [left] = await sql<{ n: number }[]>`select count(*)::int as n from public.order_total_changes where currency = ${currency}`;
    expect(left!.n).toBe(0);
  });
});
