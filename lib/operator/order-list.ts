import { z } from "zod/mini";
import { firstParam, type SearchParams } from "@/lib/search-params";
import type { ListCursor } from "./list-query";

// D17, Orders: the operator's order list, a page at a time.

export const ORDER_SORTS = ["created", "amount"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_LIST_DEFAULTS = { sort: "created", dir: "desc" } as const satisfies { sort: OrderSort; dir: "asc" | "desc" };

export type OrderStatus = "pending" | "paid" | "expired" | "failed" | "refunded" | "charged_back";

/** One order as the list shows it (dates as ISO 8601, so the row crosses to the browser as it is). */
export type OrderListRow = {
  id: string;
  createdAt: string;
  email: string | null;
  cohortName: string;
  planName: string;
  hasCgm: boolean;
  currency: string;
  totalCents: number;
  refundedCents: number;
  status: OrderStatus;
  /** Where the next page starts when this is the last row shown. */
  cursor: ListCursor;
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Checkout open",
  paid: "Paid",
  expired: "Expired",
  failed: "Failed",
  refunded: "Refunded",
  charged_back: "Charged back",
};

// The list's filters (`?status=&cohort=&from=&to=`), beside the search, sort and pager. They are
// read leniently, as the rest of the list's query is: a value that is not one of them is left out
// and said so above the list, never an error page.

/** What an operator filters by: how the money of an order stands, not the raw order status. */
export const ORDER_FILTER_STATUSES = ["paid", "partly_refunded", "refunded", "disputed", "pending"] as const;
export type OrderFilterStatus = (typeof ORDER_FILTER_STATUSES)[number];

export const ORDER_FILTER_STATUS_LABELS: Record<OrderFilterStatus, string> = {
  paid: "Paid (nothing refunded)",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
  disputed: "Disputed (charged back)",
  pending: "Checkout open",
};

export type OrderFilters = {
  status: OrderFilterStatus | null;
  /** A cohort's id: the cohort the order's seat is in (or, without a seat, the one it was bought for). */
  cohort: string | null;
  /** Calendar dates (YYYY-MM-DD) in UTC, as the list shows times; both ends included. */
  from: string | null;
  to: string | null;
};

export const NO_ORDER_FILTERS: OrderFilters = { status: null, cohort: null, from: null, to: null };

const statusSchema = z.enum(ORDER_FILTER_STATUSES);
const cohortSchema = z.uuid();
const dateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((value) => {
    const [y, m, d] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }),
);

/** The filters a page's query names, and what was left out of it and why (shown to the operator). */
export function parseOrderFilters(params: SearchParams): { filters: OrderFilters; problems: string[] } {
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodMiniType<T>, problem: string): T | null => {
    const raw = firstParam(params, name);
    if (raw === undefined || raw === "") return null;
    const parsed = schema.safeParse(raw.toLowerCase());
    if (parsed.success) return parsed.data;
    problems.push(problem);
    return null;
  };
  const status = read("status", statusSchema, "That status is not one the list filters by, so every status is shown.");
  const cohort = read("cohort", cohortSchema, "That cohort is not one the list knows, so every cohort is shown.");
  let from = read("from", dateSchema, "The start date is not a date (YYYY-MM-DD), so it is left out.");
  let to = read("to", dateSchema, "The end date is not a date (YYYY-MM-DD), so it is left out.");
  if (from && to && from > to) {
    problems.push("The start date is after the end date, so the dates are left out.");
    from = null;
    to = null;
  }
  return { filters: { status, cohort, from, to }, problems };
}

/** The filters as query parameters (only those set), in a fixed order. */
export function orderFilterParams(filters: OrderFilters): [string, string][] {
  return (["status", "cohort", "from", "to"] as const).flatMap((name) =>
    filters[name] ? [[name, filters[name]] as [string, string]] : [],
  );
}

/** The list's path with its filters, where the search, sort and pager links add their own query. */
export function ordersPath(filters: OrderFilters, base = "/operator/orders"): string {
  const search = new URLSearchParams(orderFilterParams(filters)).toString();
  return search ? `${base}?${search}` : base;
}

/** The day after a calendar date (the end of a range that includes `to`). */
export function dayAfter(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The totals of every order a filter matches, per currency (money is never added across currencies). */
export type OrderTotals = {
  count: number;
  byCurrency: { currency: string; paidCents: number; refundedCents: number; disputedCents: number; netCents: number }[];
};
