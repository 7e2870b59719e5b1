// POST /api/operator/orders/{id}/receipt - queue the order's receipt again (operators only).
import { orderEmailRequestSchema, orderEmailResultSchema, orderIdParamsSchema } from "@/lib/operator/order-schemas";
import { route } from "@/server/http";
import { resendReceipt } from "@/server/operator/order-actions";

export const POST = route(
  { auth: "operator", params: orderIdParamsSchema, body: orderEmailRequestSchema, response: orderEmailResultSchema },
  ({ user, params, body }) => resendReceipt(user.id, params.id, body.requestKey),
);
