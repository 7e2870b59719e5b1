// POST /api/operator/orders/{id}/setup-link - a new account set-up link; the earlier one stops working (operators only).
import { orderEmailRequestSchema, orderEmailResultSchema, orderIdParamsSchema } from "@/lib/operator/order-schemas";
import { route } from "@/server/http";
import { resendSetupLink } from "@/server/operator/order-actions";

export const POST = route(
  { auth: "operator", params: orderIdParamsSchema, body: orderEmailRequestSchema, response: orderEmailResultSchema },
  ({ user, params, body }) => resendSetupLink(user.id, params.id, body.requestKey),
);
