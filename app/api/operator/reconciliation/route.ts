// POST /api/operator/reconciliation - check one order with Stripe now, or run the whole reconciliation now (operators only).
import { reconciliationQueuedSchema, reconciliationRequestSchema } from "@/lib/operator/health-schemas";
import { route } from "@/server/http";
import { queueStripeCheck } from "@/server/operator/health-repairs";

export const POST = route(
  { auth: "operator", status: 202, body: reconciliationRequestSchema, response: reconciliationQueuedSchema },
  ({ user, body }) => queueStripeCheck(user.id, body.orderId),
);
