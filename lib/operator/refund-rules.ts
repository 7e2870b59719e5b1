import type { OrderStatus } from "./order-list";

// D17, Refunds: how much of an order an operator may still refund. Stripe's figures come in
// two places: the order's refunded_cents (what the charge.refunded webhook last recorded) and each
// operator refund's charge_refunded_cents (the charge's refunded total right after that refund).
// Both are totals, so the larger one is the charge's refunded amount as far as we know; refunds
// still waiting for Stripe are counted on top, so two requests cannot together ask for more.

export type RefundLedger = {
  status: OrderStatus;
  totalCents: number;
  refundedCents: number;
  refunds: { status: "pending" | "succeeded" | "failed"; amountCents: number; chargeRefundedCents: number | null }[];
};

/** Cents still refundable; 0 for an order that is not paid (or is refunded in full). */
export function refundableCents(order: RefundLedger): number {
  if (order.status !== "paid") return 0;
  const stripeRefunded = Math.max(
    order.refundedCents,
    ...order.refunds.map((r) => (r.status === "succeeded" ? (r.chargeRefundedCents ?? r.amountCents) : 0)),
  );
  const waiting = order.refunds.reduce((sum, r) => sum + (r.status === "pending" ? r.amountCents : 0), 0);
  return Math.max(0, order.totalCents - stripeRefunded - waiting);
}
