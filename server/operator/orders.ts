import "server-only";
import { toListPage, type ListPage, type ListQuery } from "@/lib/operator/list-query";
import { orderReference, type OrderDetails, type OrderRefund } from "@/lib/operator/order-details";
import type { OrderListRow, OrderSort } from "@/lib/operator/order-list";
import { refundableCents } from "@/lib/operator/refund-rules";
import { getOperatorOrderRow } from "../db/operator-order-details";
import { listOrderRows } from "../db/operator-orders";
import { listOrderRefunds, type OrderRefundRow } from "../db/order-refunds";

// D17, Orders: the operator's list and order page.

export async function orderListPage(query: ListQuery<OrderSort>): Promise<ListPage<OrderListRow>> {
  return toListPage(await listOrderRows(query), (row) => row.cursor);
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
