import "server-only";
import type { PendingQuery, Row } from "postgres";
import { LIST_PAGE_SIZE, type ListQuery } from "@/lib/operator/list-query";
import { parseOrderSearch } from "@/lib/operator/order-search";
import { keysetNumberAfter, keysetTimeAfter } from "@/lib/paging/keyset-cursor";
import {
  NO_ORDER_FILTERS,
  type OrderFilters,
  type OrderListRow,
  type OrderSort,
  type OrderStatus,
  type OrderTotals,
} from "@/lib/operator/order-list";
import { db, type Executor } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";
import { cohortsNamed, filterConditions, searchCondition } from "./order-conditions";

// D17, Orders: the list an operator searches, read a page at a time by keyset. Every search
// and sort is served by an index (supabase/migrations/20261127800100_orders_and_money.sql): at a
// hundred thousand orders a page costs what it costs at ten.

type OrderListDbRow = {
  id: string;
  created_cursor: string;
  created_at: Date;
  email: string | null;
  cohort_name: string;
  plan_name: string;
  has_cgm: boolean;
  currency: string;
  total_cents: number;
  refunded_cents: number;
  status: OrderStatus;
};

/** The keyset condition: rows after the cursor in the list's order; null for the first page (or a cursor that does not fit). */
function afterCondition(sql: Executor, query: ListQuery<OrderSort>): PendingQuery<Row[]> | null {
  if (query.sort === "created") {
    const after = keysetTimeAfter(query.after);
    return (
      after &&
      keysetAfter(sql, query.dir, [
        [sql`o.created_at`, keysetTime(sql, after.at)],
        [sql`o.id`, keysetId(sql, after.id)],
      ])
    );
  }
  const after = keysetNumberAfter(query.after);
  return (
    after &&
    keysetAfter(sql, query.dir, [
      [sql`o.total_cents`, sql`${after.value}`],
      [sql`o.id`, keysetId(sql, after.id)],
    ])
  );
}

/**
 * A search matching at most this many orders is read through the search's own indexes and then
 * sorted; a broader one is left to the planner (walking the list's order finds a page quickly when
 * matches are common, or it sorts them). The planner alone cannot tell
 * the two apart: it guesses any email prefix matches 0.5% of orders, and at a hundred thousand orders
 * a rare prefix walked in date order read every order (88 ms) to find two.
 */
export const NARROW_SEARCH_MAX = 2000;

/**
 * Whether a search is narrow (see NARROW_SEARCH_MAX): counts its matches through its indexes, stopping
 * past the bound. A search naming a cohort is broad (a cohort holds many orders, and orders are not
 * indexed by the cohort they were bought for).
 */
export async function isNarrowSearch(sql: Executor, text: string, cohortIds: readonly string[] = []): Promise<boolean> {
  if (cohortIds.length > 0) return false;
  const search = searchCondition(sql, text);
  if (search === null) return false;
  if (search === "nothing") return true;
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select 1 from public.orders o where ${search} limit ${NARROW_SEARCH_MAX + 1}) m`;
  return row!.n <= NARROW_SEARCH_MAX;
}

/**
 * The page's query (exported for the test that checks each search is served by an index). A narrow
 * search's matches are read first, whole (a materialized CTE the planner cannot fold into the walk).
 */
export function orderListQuery(
  sql: Executor,
  query: ListQuery<OrderSort>,
  options: { narrow?: boolean; filters?: OrderFilters; cohortIds?: readonly string[]; limit?: number } = {},
): PendingQuery<OrderListDbRow[]> {
  const search = searchCondition(sql, query.q, options.cohortIds);
  const after = afterCondition(sql, query);
  const narrow = options.narrow === true && search !== null && search !== "nothing";
  const matched = narrow ? sql`with matched as materialized (select o.id from public.orders o where ${search})` : sql``;
  const filter = search === "nothing" ? sql`false` : narrow ? sql`o.id in (select id from matched)` : search;
  const where = [filter, after, ...filterConditions(sql, options.filters ?? NO_ORDER_FILTERS)].filter(
    (c): c is PendingQuery<Row[]> => c !== null,
  );
  const whereClause = where.length ? sql`where ${where.map((c) => sql`(${c})`).reduce((all, c) => sql`${all} and ${c}`)}` : sql``;
  const column = query.sort === "created" ? sql`o.created_at` : sql`o.total_cents`;
  const order = keysetOrder(sql, query.dir, [column, sql`o.id`]);
  return sql<OrderListDbRow[]>`
    ${matched}
    select o.id, ${keysetTimeText(sql, sql`o.created_at`)} as created_cursor, o.created_at,
      o.email, coalesce(seat.cohort_name, oc.cohort_name) as cohort_name, o.plan_name, o.has_cgm, o.currency,
      o.total_cents, o.refunded_cents, o.status
    from public.orders o
    join public.cohorts oc on oc.id = o.cohort_id
    left join lateral (
      select c.cohort_name from public.cohort_seats s join public.cohorts c on c.id = s.cohort_id
      where s.order_id = o.id and s.status <> 'released' limit 1
    ) seat on true
    ${whereClause}
    order by ${order}
    limit ${options.limit ?? LIST_PAGE_SIZE + 1}`;
}

const toListRow =
  (query: ListQuery<OrderSort>) =>
  (row: OrderListDbRow): OrderListRow => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    email: row.email,
    cohortName: row.cohort_name,
    planName: row.plan_name,
    hasCgm: row.has_cgm,
    currency: row.currency,
    totalCents: row.total_cents,
    refundedCents: row.refunded_cents,
    status: row.status,
    cursor: query.sort === "created" ? [row.created_cursor, row.id] : [row.total_cents, row.id],
  });

/** A page of the order list (one row more than a page: it says a next page exists). */
export async function listOrderRows(query: ListQuery<OrderSort>, filters: OrderFilters = NO_ORDER_FILTERS): Promise<OrderListRow[]> {
  const sql = db();
  const cohortIds = await cohortsNamed(sql, query.q);
  const rows = await orderListQuery(sql, query, { narrow: await isNarrowSearch(sql, query.q, cohortIds), filters, cohortIds });
  return rows.map(toListRow(query));
}

/** Every order the search and filters match, in the list's order, a batch at a time (keyset: each batch costs the same). */
export async function* eachOrderBatch(query: ListQuery<OrderSort>, filters: OrderFilters, batchSize = 500): AsyncGenerator<OrderListRow[]> {
  const sql = db();
  const cohortIds = await cohortsNamed(sql, query.q);
  const narrow = await isNarrowSearch(sql, query.q, cohortIds);
  let after: ListQuery<OrderSort>["after"] = null;
  for (;;) {
    const page: ListQuery<OrderSort> = { ...query, after };
    const rows = (await orderListQuery(sql, page, { narrow, filters, cohortIds, limit: batchSize })).map(toListRow(page));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.cursor;
  }
}

type TotalsDbRow = { currency: string; n: number; paid: string; refunded: string; disputed: string };

const toTotals = (rows: TotalsDbRow[]): OrderTotals => ({
  count: rows.reduce((all, row) => all + row.n, 0),
  byCurrency: rows.map((row) => {
    const [paidCents, refundedCents, disputedCents] = [Number(row.paid), Number(row.refunded), Number(row.disputed)];
    return { currency: row.currency, paidCents, refundedCents, disputedCents, netCents: paidCents - refundedCents - disputedCents };
  }),
});

/**
 * The totals of every order the search and filters match: how many, what was paid (orders that were
 * paid, whatever happened after), refunded, and lost to disputes (the part a lost dispute took back
 * that was not refunded before), per currency. Without a search or a cohort they are read from the
 * per-day counters (every order, a money status, whole UTC days: a few rows a day however many
 * orders there are); otherwise added up over the matches, which the search and cohort read through
 * their indexes.
 */
export async function orderTotalsFor(query: ListQuery<OrderSort>, filters: OrderFilters): Promise<OrderTotals> {
  return parseOrderSearch(query.q) === null && filters.cohort === null ? countedOrderTotals(filters) : summedOrderTotals(query, filters);
}

/**
 * The totals from the per-day counters and the changes not folded into them yet, read in one
 * statement (supabase/migrations/20261129191000_order_total_days.sql); the search and cohort are not read.
 */
export async function countedOrderTotals(filters: OrderFilters): Promise<OrderTotals> {
  const sql = db();
  const rows = (table: string) => {
    const where = [
      filters.status && sql`list_status = ${filters.status}`,
      filters.from && sql`day >= ${filters.from}::date`,
      filters.to && sql`day <= ${filters.to}::date`,
    ].filter((c): c is PendingQuery<Row[]> => Boolean(c));
    return sql`
      select currency, orders, paid_cents, refunded_cents, disputed_cents from ${sql(table)}
      ${where.length ? sql`where ${where.reduce((all, c) => sql`${all} and ${c}`)}` : sql``}`;
  };
  return toTotals(
    await sql<TotalsDbRow[]>`
      select currency, sum(orders)::int as n, sum(paid_cents)::text as paid, sum(refunded_cents)::text as refunded,
        sum(disputed_cents)::text as disputed
      from (${rows("public.order_total_days")} union all ${rows("public.order_total_changes")}) t
      group by currency
      having sum(orders) > 0
      order by sum(orders) desc, currency`,
  );
}

/** Folds the order totals' changes into the per-day counters (the fold-order-totals job); answers how many day rows it wrote. */
export async function foldOrderTotalChanges(): Promise<number> {
  const [row] = await db()<{ folded: number }[]>`select public.fold_order_total_changes() as folded`;
  return row?.folded ?? 0;
}

/** The totals added up over the orders the search and filters match. */
export async function summedOrderTotals(query: ListQuery<OrderSort>, filters: OrderFilters): Promise<OrderTotals> {
  const sql = db();
  const cohortIds = await cohortsNamed(sql, query.q);
  const search = searchCondition(sql, query.q, cohortIds);
  if (search === "nothing") return { count: 0, byCurrency: [] };
  const where = [search, ...filterConditions(sql, filters)].filter((c): c is PendingQuery<Row[]> => c !== null);
  const whereClause = where.length ? sql`where ${where.map((c) => sql`(${c})`).reduce((all, c) => sql`${all} and ${c}`)}` : sql``;
  return toTotals(
    await sql<TotalsDbRow[]>`
      select o.currency, count(*)::int as n,
        coalesce(sum(o.total_cents) filter (where o.paid_at is not null), 0)::text as paid,
        coalesce(sum(o.refunded_cents), 0)::text as refunded,
        coalesce(sum(o.total_cents - o.refunded_cents) filter (where o.status = 'charged_back'), 0)::text as disputed
      from public.orders o
      ${whereClause}
      group by o.currency
      order by count(*) desc, o.currency`,
  );
}

/** The cohorts an operator filters orders by: newest start first (a few hundred at most). */
export async function listCohortChoices(): Promise<{ id: string; name: string }[]> {
  return db()<{ id: string; name: string }[]>`
    select id, cohort_name as name from public.cohorts
    order by start_cohort_date desc nulls first, cohort_name, id
    limit 500`;
}
