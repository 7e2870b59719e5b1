import "server-only";
import { csvHeader, csvLine } from "@/lib/csv";
import { parseListQuery, toListPage, type ListPage, type ListQuery } from "@/lib/operator/list-query";
import { orderReference, type OrderDetails, type OrderRefund } from "@/lib/operator/order-details";
import type { SearchParams } from "@/lib/search-params";
import {
  NO_ORDER_FILTERS,
  ORDER_LIST_DEFAULTS,
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  parseOrderFilters,
  type OrderFilters,
  type OrderListRow,
  type OrderSort,
  type OrderTotals,
} from "@/lib/operator/order-list";
import { refundableCents } from "@/lib/operator/refund-rules";
import { getOperatorOrderRow } from "../db/operator/operator-order-details";
import { eachOrderBatch, foldOrderTotalChanges, listCohortChoices, listOrderRows, orderTotalsFor } from "../db/operator/operator-orders";
import { listOrderRefunds, type OrderRefundRow } from "../db/payments/order-refunds";

// D17, Orders: the operator's list and order page.

export async function orderListPage(
  query: ListQuery<OrderSort>,
  filters: OrderFilters = NO_ORDER_FILTERS,
): Promise<ListPage<OrderListRow>> {
  return toListPage(await listOrderRows(query, filters), (row) => row.cursor);
}

/** Count, paid, refunded and net of every order the search and filters match (not only the page shown). */
export function orderTotals(query: ListQuery<OrderSort>, filters: OrderFilters = NO_ORDER_FILTERS): Promise<OrderTotals> {
  return orderTotalsFor(query, filters);
}

/** The fold-order-totals job: the changes orders made since the last run go into the totals' per-day counters. */
export async function foldOrderTotals(): Promise<void> {
  await foldOrderTotalChanges();
}

/** The cohorts the list can be filtered by. */
export function orderCohortChoices(): Promise<{ id: string; name: string }[]> {
  return listCohortChoices();
}

export const ORDERS_CSV_COLUMNS = ["order_id", "created_at", "email", "cohort", "plan", "cgm", "currency", "amount", "refunded", "status"];

const decimal = (cents: number) => (cents / 100).toFixed(2);

export function orderCsvLine(row: OrderListRow): string {
  return csvLine([
    row.id,
    row.createdAt,
    row.email,
    row.cohortName,
    row.planName,
    row.hasCgm ? "yes" : "no",
    row.currency.toUpperCase(),
    decimal(row.totalCents),
    decimal(row.refundedCents),
    ORDER_STATUS_LABELS[row.status],
  ]);
}

/**
 * The orders the list shows for this search and filters, every page of them, in the list's order, as
 * CSV written as it is read (a batch at a time). Every text cell is safe from spreadsheet formulas.
 */
export function ordersCsvStream(query: ListQuery<OrderSort>, filters: OrderFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = eachOrderBatch({ ...query, after: null }, filters);
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvHeader(ORDERS_CSV_COLUMNS)));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(orderCsvLine).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toRefund(refund: OrderRefundRow): OrderRefund {
  return {
    id: refund.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    note: refund.note,
    status: refund.status,
    stripeRefundId: refund.stripeRefundId,
    failure: refund.failure,
    createdAt: refund.createdAt.toISOString(),
    completedAt: iso(refund.completedAt),
  };
}

/**
 * The CSV for a query as the list's page reads it (search, sort, filters): a value that is not valid
 * is left out, as the page leaves it out, so the file holds what the page shows.
 */
export function ordersCsvFor(search: URLSearchParams): ReadableStream<Uint8Array> {
  // A name given twice counts once, by its first value, as the page reads it.
  const params: SearchParams = {};
  for (const [name, value] of search) params[name] ??= value;
  return ordersCsvStream(parseListQuery(params, ORDER_SORTS, ORDER_LIST_DEFAULTS), parseOrderFilters(params).filters);
}

/** One order with its seat, set-up link and refunds; null when there is no such order. */
export async function operatorOrderDetails(orderId: string): Promise<OrderDetails | null> {
  const [row, refunds] = await Promise.all([getOperatorOrderRow(orderId), listOrderRefunds(orderId)]);
  if (!row) return null;
  return {
    id: row.id,
    reference: orderReference(row.id),
    status: row.status,
    email: row.email,
    hasAccount: row.user_id !== null,
    planName: row.plan_name,
    hasCgm: row.has_cgm,
    currency: row.currency,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    taxCents: row.tax_cents,
    totalCents: row.total_cents,
    refundedCents: row.refunded_cents,
    refundableCents: refundableCents({ status: row.status, totalCents: row.total_cents, refundedCents: row.refunded_cents, refunds }),
    couponCode: row.coupon_code,
    referralId: row.referral_id,
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    replacedAt: iso(row.replaced_at),
    stripe: {
      checkoutSessionId: row.stripe_checkout_session_id,
      customerId: row.stripe_customer_id,
      subscriptionId: row.stripe_subscription_id,
      invoiceId: row.stripe_invoice_id,
      paymentIntentId: row.stripe_payment_intent_id,
      chargeId: row.stripe_charge_id,
    },
    orderedCohort: { id: row.ordered_cohort_id, name: row.ordered_cohort_name },
    seat:
      row.seat_id && row.seat_status && row.seat_cohort_id && row.seat_cohort_name
        ? { id: row.seat_id, status: row.seat_status, cohortId: row.seat_cohort_id, cohortName: row.seat_cohort_name }
        : null,
    setupLink: row.setup_expires_at ? { usedAt: iso(row.setup_used_at), expiresAt: row.setup_expires_at.toISOString() } : null,
    refunds: refunds.map(toRefund),
  };
}
