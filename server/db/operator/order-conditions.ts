import "server-only";
import type { PendingQuery, Row } from "postgres";
import { dayAfter, type OrderFilters } from "@/lib/operator/order-list";
import { orderReferenceRange, parseOrderSearch, type StripeIdKind } from "@/lib/operator/order-search";
import { likeContains, likePrefix } from "../like-pattern";
import type { Executor } from "../client";

// D17, Orders: what an operator's search and filters mean in the orders' columns, as conditions the
// order list (operator-orders.ts) joins. Each is served by an index
// (supabase/migrations/20261127800100_orders_and_money.sql).

const STRIPE_COLUMN: Record<StripeIdKind, string> = {
  checkout_session: "stripe_checkout_session_id",
  payment_intent: "stripe_payment_intent_id",
  charge: "stripe_charge_id",
  invoice: "stripe_invoice_id",
  subscription: "stripe_subscription_id",
  customer: "stripe_customer_id",
};

/** The search's conditions, OR-ed; null for no search (every order). `cohortIds`: the cohorts whose name the search names. */
export function searchCondition(sql: Executor, text: string, cohortIds: readonly string[] = []): PendingQuery<Row[]> | null | "nothing" {
  const search = parseOrderSearch(text);
  if (!search) return null;
  const conditions: PendingQuery<Row[]>[] = [];
  if (search.stripe) conditions.push(sql`o.${sql(STRIPE_COLUMN[search.stripe.kind])} = ${search.stripe.id}`);
  if (search.refundId)
    conditions.push(sql`o.id in (select r.order_id from public.order_refunds r where r.stripe_refund_id = ${search.refundId})`);
  if (search.orderId) conditions.push(sql`o.id = ${search.orderId}::uuid`);
  if (search.orderReference) {
    const [from, to] = orderReferenceRange(search.orderReference);
    conditions.push(sql`o.id between ${from}::uuid and ${to}::uuid`);
  }
  if (search.emailPrefix) conditions.push(sql`(o.email is not null and lower(o.email) like ${likePrefix(search.emailPrefix)})`);
  if (cohortIds.length > 0) conditions.push(sql`(${cohortCondition(sql, sql`= any(${cohortIds as string[]}::uuid[])`)})`);
  if (conditions.length === 0) return "nothing";
  return conditions.reduce((all, condition) => sql`${all} or ${condition}`);
}

/**
 * The order is in the cohort(s) `match` names (`= $1`, `= any($1)`) as the list shows it: the cohort
 * its live seat is in, else (no live seat) the one it was bought for. Seats are read through their
 * cohort index.
 */
function cohortCondition(sql: Executor, match: PendingQuery<Row[]>): PendingQuery<Row[]> {
  return sql`o.id in (select s.order_id from public.cohort_seats s where s.cohort_id ${match} and s.status <> 'released' and s.order_id is not null)
    or (o.cohort_id ${match} and not exists (select 1 from public.cohort_seats s where s.order_id = o.id and s.status <> 'released'))`;
}

/** What each status filter means in the order's own columns (a lost dispute is its own status). */
const STATUS_CONDITION = {
  paid: (sql: Executor) => sql`o.status = 'paid' and o.refunded_cents = 0`,
  partly_refunded: (sql: Executor) => sql`o.status = 'paid' and o.refunded_cents > 0`,
  refunded: (sql: Executor) => sql`o.status = 'refunded'`,
  disputed: (sql: Executor) => sql`o.status = 'charged_back'`,
  pending: (sql: Executor) => sql`o.status = 'pending'`,
} satisfies Record<NonNullable<OrderFilters["status"]>, (sql: Executor) => PendingQuery<Row[]>>;

/** The filters' conditions, AND-ed by the caller; dates are whole UTC days, both ends included. */
export function filterConditions(sql: Executor, filters: OrderFilters): PendingQuery<Row[]>[] {
  const conditions: PendingQuery<Row[]>[] = [];
  if (filters.status) conditions.push(STATUS_CONDITION[filters.status](sql));
  if (filters.cohort) conditions.push(cohortCondition(sql, sql`= ${filters.cohort}::uuid`));
  if (filters.from) conditions.push(sql`o.created_at >= ${`${filters.from}T00:00:00Z`}::timestamptz`);
  if (filters.to) conditions.push(sql`o.created_at < ${`${dayAfter(filters.to)}T00:00:00Z`}::timestamptz`);
  return conditions;
}

/** At most this many cohorts are searched by name (a search naming more is too broad to mean one). */
const COHORT_NAME_MATCHES_MAX = 200;

/** The cohorts whose name contains the search (the cohorts table is small: read through). */
export async function cohortsNamed(sql: Executor, text: string): Promise<string[]> {
  const search = parseOrderSearch(text);
  if (!search?.cohortName) return [];
  const rows = await sql<{ id: string }[]>`
    select id from public.cohorts where lower(cohort_name) like ${likeContains(search.cohortName)} limit ${COHORT_NAME_MATCHES_MAX}`;
  return rows.map((row) => row.id);
}
