import { apiRequest } from "@/components/api/api-request";
import { reconciliationQueuedSchema, resentEmailSchema, retriedJobSchema } from "@/lib/operator/health-schemas";

// The Health section's repairs (D17). Each throws ApiRequestError with the server's message.
export const REPAIR_FAILED = "The repair could not be started. Please try again.";

export const retryJob = (queue: string, id: string) =>
  apiRequest({ method: "POST", path: "/api/operator/jobs/retry", body: { queue, id }, schema: retriedJobSchema, fallback: REPAIR_FAILED });

export const queueEmailAgain = (outboxId: string) =>
  apiRequest({
    method: "POST",
    path: "/api/operator/emails/resend",
    body: { outboxId },
    schema: resentEmailSchema,
    fallback: REPAIR_FAILED,
  });

/** One order's check with Stripe, or (no order) the whole reconciliation, queued now. */
export const checkWithStripe = (orderId?: string) =>
  apiRequest({
    method: "POST",
    path: "/api/operator/reconciliation",
    body: orderId ? { orderId } : {},
    schema: reconciliationQueuedSchema,
    fallback: REPAIR_FAILED,
  });
