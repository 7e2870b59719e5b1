import * as z from "zod/mini";

// D17, Orders and money: the operator's order actions. The order page's forms and the routes
// behind them parse with these schemas; the answers are shaped by them.

export const orderIdParamsSchema = z.object({ id: z.uuid("This order does not exist.") });

/** The browser's key for one press of a button: a replayed or double-sent request is the same request. */
const requestKey = z.uuid("Send a request key (a UUID made when the form opened).");

/** POST /api/operator/orders/{id}/receipt and /setup-link */
export const orderEmailRequestSchema = z.object({ requestKey });

/** What a resend did: queued is false for a request already made (the same request key). */
export const orderEmailResultSchema = z.object({ queued: z.boolean() });

/** POST /api/operator/orders/{id}/cohort: move the order's seat to another cohort. */
/** `confirmRunning`: a move into a cohort that is already running is made only once the operator has confirmed it. */
export const orderCohortMoveSchema = z.object({
  cohortId: z.uuid("Choose a cohort."),
  confirmRunning: z._default(z.boolean({ error: "confirmRunning must be true or false." }), false),
});

export const orderCohortMoveResultSchema = z.object({ cohortId: z.string(), cohortName: z.string(), moved: z.boolean() });

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: "Requested by the buyer",
  duplicate: "Duplicate payment",
  fraudulent: "Fraudulent payment",
};

/** The largest refund anyone could ask for in cents (orders are far smaller): keeps the number an integer. */
const MAX_REFUND_CENTS = 100_000_000;

/** POST /api/operator/orders/{id}/refunds: a refund in full or in part, in cents. */
export const orderRefundRequestSchema = z.object({
  amountCents: z
    .number({ error: "Enter the amount in cents." })
    .check(
      z.int("Enter the amount in whole cents."),
      z.minimum(1, "The refund must be at least 1 cent."),
      z.maximum(MAX_REFUND_CENTS, "This amount is too large."),
    ),
  reason: z.enum(REFUND_REASONS, "Choose a reason."),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500, "Keep the note under 500 characters."))),
  requestKey,
});

export type OrderRefundRequest = z.output<typeof orderRefundRequestSchema>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

/** A refund an operator asked for, and what is left to refund on the order after it. */
export const orderRefundResultSchema = z.object({
  id: z.string(),
  status: z.enum(REFUND_STATUSES),
  amountCents: z.int(),
  refundableCents: z.int(),
});

/**
 * "12.34" or "12" (dollars as typed) in cents; null when it is not an amount with at most two
 * decimals. The refund form shows dollars; everything below it counts in cents.
 */
export function centsFromAmount(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}
