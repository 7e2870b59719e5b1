import "server-only";
import type { PendingQuery, Row } from "postgres";
import { z } from "zod";
import { LIST_PAGE_SIZE, type ListQuery } from "@/lib/operator/list-query";
import type { OrderListRow, OrderSort, OrderStatus } from "@/lib/operator/order-list";
import { orderReferenceRange, parseOrderSearch, type StripeIdKind } from "@/lib/operator/order-search";
import { likePrefix } from "./like-pattern";
import { db, type Executor } from "./client";

// D17, Orders: the list an operator searches, read a page at a time by keyset. Every search
// and sort is served by an index (supabase/migrations/20261127800100_orders_and_money.sql): at a
// hundred thousand orders a page costs what it costs at ten.

const STRIPE_COLUMN: Record<StripeIdKind, string> = {
  checkout_session: "stripe_checkout_session_id",
  payment_intent: "stripe_payment_intent_id",
  charge: "stripe_charge_id",
  invoice: "stripe_invoice_id",
  subscription: "stripe_subscription_id",
  customer: "stripe_customer_id",
};

const uuid = z.uuid();
// The created cursor keeps the microseconds Postgres stores (a JS Date would drop them).
const CREATED_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

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

/** The search's conditions, OR-ed; null for no search (every order). */
function searchCondition(sql: Executor, text: string): PendingQuery<Row[]> | null | "nothing" {
  const search = parseOrderSearch(text);
  if (!search) return null;
  const conditions: PendingQuery<Row[]>[] = [];
  if (search.stripe) conditions.push(sql`o.${sql(STRIPE_COLUMN[search.stripe.kind])} = ${search.stripe.id}`);
  if (search.orderId) conditions.push(sql`o.id = ${search.orderId}::uuid`);
  if (search.orderReference) {
    const [from, to] = orderReferenceRange(search.orderReference);
    conditions.push(sql`o.id between ${from}::uuid and ${to}::uuid`);
  }
  if (search.emailPrefix) conditions.push(sql`(o.email is not null and lower(o.email) like ${likePrefix(search.emailPrefix)})`);
  if (conditions.length === 0) return "nothing";
  return conditions.reduce((all, condition) => sql`${all} or ${condition}`);
}

/** The keyset condition: rows after the cursor in the list's order; null for the first page (or a cursor that does not fit). */
function afterCondition(sql: Executor, query: ListQuery<OrderSort>): PendingQuery<Row[]> | null {
  if (!query.after) return null;
  const [value, id] = query.after;
  if (!uuid.safeParse(id).success) return null;
  const before = query.dir === "desc";
  if (query.sort === "created") {
    if (typeof value !== "string" || !CREATED_CURSOR.test(value)) return null;
    return before ? sql`(o.created_at, o.id) < (${value}::timestamptz, ${id}::uuid)` : sql`(o.created_at, o.id) > (${value}::timestamptz, ${id}::uuid)`;
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value)) return null;
  return before ? sql`(o.total_cents, o.id) < (${value}, ${id}::uuid)` : sql`(o.total_cents, o.id) > (${value}, ${id}::uuid)`;
}

/**
 * A search matching at most this many orders is read through the search's own indexes and then
 * sorted; a broader one is left to the planner (walking the list's order finds a page quickly when
 * matches are common, or it sorts them). The planner alone cannot tell
 * the two apart: it guesses any email prefix matches 0.5% of orders, and at a hundred thousand orders
 * a rare prefix walked in date order read every order (88 ms) to find two.
 */
export const NARROW_SEARCH_MAX = 2000;

/** Whether a search is narrow (see NARROW_SEARCH_MAX): counts its matches through its indexes, stopping past the bound. */
export async function isNarrowSearch(sql: Executor, text: string): Promise<boolean> {
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
export function orderListQuery(sql: Executor, query: ListQuery<OrderSort>, options: { narrow?: boolean } = {}): PendingQuery<OrderListDbRow[]> {
  const search = searchCondition(sql, query.q);
  const after = afterCondition(sql, query);
  const narrow = options.narrow === true && search !== null && search !== "nothing";
  const matched = narrow ? sql`with matched as materialized (select o.id from public.orders o where ${search})` : sql``;
  const filter = search === "nothing" ? sql`false` : narrow ? sql`o.id in (select id from matched)` : search;
  const where = [filter, after].filter((c): c is PendingQuery<Row[]> => c !== null);
  const whereClause = where.length ? sql`where ${where.map((c) => sql`(${c})`).reduce((all, c) => sql`${all} and ${c}`)}` : sql``;
  const column = query.sort === "created" ? sql`o.created_at` : sql`o.total_cents`;
  const order = query.dir === "desc" ? sql`${column} desc, o.id desc` : sql`${column} asc, o.id asc`;
  return sql<OrderListDbRow[]>`
    ${matched}
    select o.id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_cursor, o.created_at,
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
    limit ${LIST_PAGE_SIZE + 1}`;
}

/** A page of the order list (one row more than a page: it says a next page exists). */
export async function listOrderRows(query: ListQuery<OrderSort>): Promise<OrderListRow[]> {
  const sql = db();
  const rows = await orderListQuery(sql, query, { narrow: await isNarrowSearch(sql, query.q) });
  return rows.map((row) => ({
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
  }));
}
