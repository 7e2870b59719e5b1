import { expect, it } from "vitest";
import { parseListQuery } from "@/lib/operator/list-query";
import { ORDER_LIST_DEFAULTS, ORDER_SORTS } from "@/lib/operator/order-list";
import { NARROW_SEARCH_MAX } from "@/server/db/operator/operator-orders";
import { orderListPage } from "@/server/operator/orders";
import { suiteSql } from "../../fixtures/db";
import { createCohort } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";

// An email search that matches few of many orders is read through the email index, not
// by walking every order newest first; a broad one is left to the planner as before. Either way the
// pages are the same as the list's: newest first, every match once.
const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);
const list = (params: Record<string, string>) => orderListPage(parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS));
const isPageQuery = (query: string) => query.includes("from public.cohort_seats s join public.cohorts c");

async function insertOrders(cohortId: string, prefix: string, count: number, daysAgo: number) {
  await sql`
    insert into orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, created_at)
    select ${prefix} || n || '@example.com', 'starter', 'Starter', false, ${cohortId}, 10000, 0, 10000, 'expired',
      now() - make_interval(days => ${daysAgo}) - make_interval(secs => n)
    from generate_series(1, ${count}) n`;
}

onPostgres.describe("searching orders by email at scale", () => {
  it("reads a rare prefix's few orders by the email index and pages them newest first", async () => {
    const cohort = await createCohort(sql, { cap: 10 });
    await insertOrders(cohort, "bulk.", 20_000, 0);
    // Older than every bulk order: a walk newest first would read all 20,000 before reaching them.
    await insertOrders(cohort, "rare.", 120, 30);
    await sql`analyze orders`;

    let first: Awaited<ReturnType<typeof list>> | null = null;
    const plans = await plansOf(async () => (first = await list({ q: "Rare." })), isPageQuery);
    expect(plans.statements).toBe(1);
    expect(plans.worst?.plan).toContain("orders_email_search_idx");
    expect(plans.worst?.plan).not.toMatch(/Rows Removed by Filter: \d{4,}/);

    const seen: string[] = [first!.rows.map((row) => row.email!)].flat();
    let next = first!.next;
    while (next) {
      const page = await list({ q: "rare.", after: JSON.stringify(next) });
      seen.push(...page.rows.map((row) => row.email!));
      next = page.next;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `rare.${i + 1}@example.com`));
  });

  it("leaves a prefix matching more than the narrow bound to the planner, newest first", async () => {
    expect(NARROW_SEARCH_MAX).toBeLessThan(20_000);
    let page: Awaited<ReturnType<typeof list>> | null = null;
    const plans = await plansOf(async () => (page = await list({ q: "bulk." })), isPageQuery);
    expect(page!.rows.map((row) => row.email).slice(0, 3)).toEqual(["bulk.1@example.com", "bulk.2@example.com", "bulk.3@example.com"]);
    expect(page!.next).not.toBeNull();
    // Broad: the planner's own choice, without reading the matches first (no "matched" CTE).
    expect(plans.worst?.query).not.toContain("matched");
  });
});
