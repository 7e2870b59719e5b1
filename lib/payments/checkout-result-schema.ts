import * as z from "zod/mini";

/**
 * Where a paid order's emails (the receipt and, for a buyer without an account, the set-up link)
 * stand. They are sent by a job after the payment is recorded (D16), so the page may come first:
 * "queued" while they are on their way, "failed" once a send failed, "none" when the order has no
 * email to send.
 */
export const orderEmailsStatusSchema = z.enum(["sent", "queued", "failed", "none"]);
export type OrderEmailsStatus = z.output<typeof orderEmailsStatusSchema>;

/** An order's emails counted by their state in the outbox. */
export type OrderEmailCounts = { queued: number; sent: number; failed: number };

/** One status for all of an order's emails: a failure shows first, then anything not sent yet. */
export function orderEmailsStatus(counts: OrderEmailCounts): OrderEmailsStatus {
  if (counts.failed > 0) return "failed";
  if (counts.queued > 0) return "queued";
  return counts.sent > 0 ? "sent" : "none";
}

export const paidCohortSchema = z.object({ name: z.string(), startsAt: z.nullable(z.string()), endsAt: z.nullable(z.string()) });

/**
 * What /payment-success shows for the session id in its URL (server/payments/checkout-result.ts
 * answers it, the page and its components render it). A paid order is paid whatever its emails do.
 */
export const checkoutResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("paid"), planName: z.string(), cohort: z.nullable(paidCohortSchema), emails: orderEmailsStatusSchema }),
  z.object({ status: z.literal("processing") }),
  z.object({ status: z.literal("failed"), reason: z.enum(["missing", "invalid", "unpaid", "error"]) }),
]);

export type CheckoutResult = z.output<typeof checkoutResultSchema>;
export type PaidCheckoutResult = Extract<CheckoutResult, { status: "paid" }>;
export type CheckoutFailureReason = Extract<CheckoutResult, { status: "failed" }>["reason"];
