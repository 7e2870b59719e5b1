import type { OrderStatus } from "./order-list";
import type { RefundReason } from "./order-schemas";

// D17, Orders: one order as its operator page shows it. Dates are ISO 8601 strings.

export type OrderRefund = {
  id: string;
  amountCents: number;
  reason: RefundReason;
  note: string | null;
  status: "pending" | "succeeded" | "failed";
  stripeRefundId: string | null;
  failure: string | null;
  createdAt: string;
  completedAt: string | null;
};

export type OrderDetails = {
  id: string;
  reference: string;
  status: OrderStatus;
  email: string | null;
  hasAccount: boolean;
  planName: string;
  hasCgm: boolean;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  /** What an operator may still refund: the total less what is refunded or being refunded. */
  refundableCents: number;
  couponCode: string | null;
  referralId: string | null;
  createdAt: string;
  paidAt: string | null;
  replacedAt: string | null;
  stripe: {
    checkoutSessionId: string | null;
    customerId: string | null;
    subscriptionId: string | null;
    invoiceId: string | null;
    paymentIntentId: string | null;
    chargeId: string | null;
  };
  /** The cohort bought at checkout. */
  orderedCohort: { id: string; name: string };
  /** The seat the order holds or has now, if any. */
  seat: { id: string; status: "held" | "enrolled"; cohortId: string; cohortName: string } | null;
  /** The order's live set-up link: whether it was used, and until when it works. */
  setupLink: { usedAt: string | null; expiresAt: string } | null;
  refunds: OrderRefund[];
};

export type TimelineKind = "checkout" | "payment" | "seat" | "email" | "refund" | "dispute" | "stripe" | "operator" | "waitlist";

/** One thing that happened to an order, from what the database recorded. */
export type TimelineEntry = { at: string; kind: TimelineKind; title: string; detail: string | null };

/** The reference an order's emails print: its id's first 8 characters, upper case. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
