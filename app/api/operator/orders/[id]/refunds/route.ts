// POST /api/operator/orders/{id}/refunds - refund in full or in part through Stripe (operators, fresh sign-in).
import { orderIdParamsSchema, orderRefundRequestSchema, orderRefundResultSchema } from "@/lib/operator/order-schemas";
import { route } from "@/server/http";
import { requestOrderRefund } from "@/server/operator/order-refunds";

export const POST = route(
  { auth: "operator", fresh: true, params: orderIdParamsSchema, body: orderRefundRequestSchema, response: orderRefundResultSchema },
  ({ user, params, body }) => requestOrderRefund(user.id, params.id, body),
);
