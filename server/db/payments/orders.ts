import "server-only";
import type { TransactionSql } from "postgres";
import type { PlanType } from "@/lib/pricing/plans";
import { db, type Executor } from "../client";

export type OrderStatus = "pending" | "paid" | "expired" | "failed" | "refunded" | "charged_back";

/** What every order says about its buyer and purchase. */
type OrderBasics = {
  email: string | null;
  userId: string | null;
  planType: PlanType;
  planName: string;
  hasCgm: boolean;
  cohortId: string;
  amounts: OrderAmounts;
};

export type NewOrder = OrderBasics & {
  couponCode: string | null;
  stripePromotionCodeId: string | null;
  referralId: string | null;
  utm: Record<string, string>;
  referrerUrl: string | null;
  userInfo: Record<string, unknown>;
  questionnaire: Record<string, unknown> | null;
  source: string | null;
  /** SHA-256 of the secret the buyer's browser keeps to replace this checkout later. */
  sessionSecretHash: string;
  /** The doctor's clearance the safety screen's answers were bought under (null: they needed none). */
  safetyClearanceId: string | null;
};

export type OrderAmounts = { currency: string; subtotalCents: number; discountCents: number; taxCents: number; totalCents: number };

export type Order = OrderBasics & {
  id: string;
  status: OrderStatus;
  refundedCents: number;
  stripeCheckoutSessionId: string | null;
  stripeSubscriptionId: string | null;
  stripeInvoiceId: string | null;
  paidAt: Date | null;
  /** When a newer checkout of the same buyer replaced this one (a payment of it is then refunded). */
  replacedAt: Date | null;
};

type OrderRow = {
  id: string;
  status: OrderStatus;
  email: string | null;
  user_id: string | null;
  plan_type: PlanType;
  plan_name: string;
  has_cgm: boolean;
  cohort_id: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  refunded_cents: number;
  stripe_checkout_session_id: string | null;
  stripe_subscription_id: string | null;
  stripe_invoice_id: string | null;
  paid_at: Date | null;
  replaced_at: Date | null;
};

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    userId: row.user_id,
    planType: row.plan_type,
    planName: row.plan_name,
    hasCgm: row.has_cgm,
    cohortId: row.cohort_id,
    amounts: {
      currency: row.currency,
      subtotalCents: row.subtotal_cents,
      discountCents: row.discount_cents,
      taxCents: row.tax_cents,
      totalCents: row.total_cents,
    },
    refundedCents: row.refunded_cents,
    stripeCheckoutSessionId: row.stripe_checkout_session_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeInvoiceId: row.stripe_invoice_id,
    paidAt: row.paid_at,
    replacedAt: row.replaced_at,
  };
}

const ORDER_COLUMNS = [
  "id",
  "status",
  "email",
  "user_id",
  "plan_type",
  "plan_name",
  "has_cgm",
  "cohort_id",
  "currency",
  "subtotal_cents",
  "discount_cents",
  "tax_cents",
  "total_cents",
  "refunded_cents",
  "stripe_checkout_session_id",
  "stripe_subscription_id",
  "stripe_invoice_id",
  "paid_at",
  "replaced_at",
];

/** Where a checkout stands once its Stripe session is recorded (see attachCheckoutSession). */
export type AttachedCheckout = "open" | "replaced" | "closed";

/**
 * Records the Stripe session an order pays through, with Stripe's own figures. "replaced" when a
 * newer checkout of the same member replaced the order meanwhile (a second click), "closed" when it
 * was closed otherwise meanwhile (its hold released because no session had come): either way the
 * session should not stay open. The update waits for the order's row lock, so it sees the order as
 * whoever closed it left it.
 */
export async function attachCheckoutSession(orderId: string, sessionId: string, amounts: OrderAmounts): Promise<AttachedCheckout> {
  const [row] = await db()<{ status: OrderStatus; replaced_at: Date | null }[]>`
    update public.orders
    set stripe_checkout_session_id = ${sessionId}, currency = ${amounts.currency}, subtotal_cents = ${amounts.subtotalCents},
        discount_cents = ${amounts.discountCents}, tax_cents = ${amounts.taxCents}, total_cents = ${amounts.totalCents}
    where id = ${orderId}
    returning status, replaced_at`;
  if (row?.replaced_at) return "replaced";
  return row?.status === "pending" ? "open" : "closed";
}

export async function getOrderForUpdate(tx: TransactionSql, orderId: string): Promise<Order | null> {
  const [row] = await tx<OrderRow[]>`select ${tx(ORDER_COLUMNS)} from public.orders where id = ${orderId} for update`;
  return row ? toOrder(row) : null;
}

export async function getOrder(orderId: string, executor: Executor = db()): Promise<Order | null> {
  const [row] = await executor<OrderRow[]>`select ${executor(ORDER_COLUMNS)} from public.orders where id = ${orderId}`;
  return row ? toOrder(row) : null;
}

export async function findOrderIdByCheckoutSession(sessionId: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`select id from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return row?.id ?? null;
}

export async function findOrderIdByInvoice(invoiceId: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`select id from public.orders where stripe_invoice_id = ${invoiceId}`;
  return row?.id ?? null;
}

export async function setOrderStatus(tx: TransactionSql, orderId: string, status: "expired" | "failed"): Promise<void> {
  await tx`update public.orders set status = ${status} where id = ${orderId}`;
}

export async function markOrderPaid(
  tx: TransactionSql,
  orderId: string,
  paid: {
    email: string | null;
    amounts: OrderAmounts;
    stripeCustomerId: string | null;
    stripeSubscriptionId: string | null;
    stripeInvoiceId: string | null;
  },
): Promise<void> {
  await tx`
    update public.orders
    set status = 'paid', paid_at = now(), email = coalesce(${paid.email}, email),
        currency = ${paid.amounts.currency}, subtotal_cents = ${paid.amounts.subtotalCents},
        discount_cents = ${paid.amounts.discountCents}, tax_cents = ${paid.amounts.taxCents},
        total_cents = ${paid.amounts.totalCents}, stripe_customer_id = ${paid.stripeCustomerId},
        stripe_subscription_id = ${paid.stripeSubscriptionId}, stripe_invoice_id = ${paid.stripeInvoiceId}
    where id = ${orderId}`;
}

/**
 * A paid order whose address belongs to a confirmed account goes to that account (with its seat
 * and subscription): a member who paid while signed out needs no set-up link.
 */
export async function claimOrdersForConfirmedAccount(tx: TransactionSql, email: string): Promise<void> {
  await tx`
    select public.claim_paid_orders(u.id, u.email) from auth.users u
    where lower(u.email) = ${email} and u.email_confirmed_at is not null`;
}

/** A dispute of the order's payment was lost: the money went back to the cardholder. */
export async function recordChargeback(orderId: string): Promise<boolean> {
  const rows = await db()`update public.orders set status = 'charged_back' where id = ${orderId} and status = 'paid' returning id`;
  return rows.length === 1;
}

/** Records a refund; the order counts as refunded once the whole amount is back. */
export async function recordRefund(orderId: string, refundedCents: number, executor: Executor = db()): Promise<OrderStatus | null> {
  const [row] = await executor<{ status: OrderStatus }[]>`
    update public.orders
    set refunded_cents = least(${refundedCents}, total_cents),
        status = case when ${refundedCents} >= total_cents then 'refunded' else status end
    where id = ${orderId} and status in ('paid', 'refunded')
    returning status`;
  return row?.status ?? null;
}

/** The PaymentIntent and charge that paid the order's first invoice (kept once known, for operators' search). */
export async function setOrderPaymentIds(orderId: string, ids: { paymentIntentId: string; chargeId: string | null }): Promise<void> {
  await db()`
    update public.orders
    set stripe_payment_intent_id = coalesce(stripe_payment_intent_id, ${ids.paymentIntentId}),
        stripe_charge_id = coalesce(stripe_charge_id, ${ids.chargeId})
    where id = ${orderId} and (stripe_payment_intent_id is null or stripe_charge_id is null)`;
}

/** The PaymentIntent recorded for the order's first payment, if known yet. */
export async function getOrderPaymentIntentId(orderId: string): Promise<string | null> {
  const [row] = await db()<{ id: string | null }[]>`select stripe_payment_intent_id as id from public.orders where id = ${orderId}`;
  return row?.id ?? null;
}
