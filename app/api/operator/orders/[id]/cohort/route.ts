// POST /api/operator/orders/{id}/cohort - move the order's seat to another cohort; into a running one only with confirmRunning (operators only).
import { orderCohortMoveResultSchema, orderCohortMoveSchema, orderIdParamsSchema } from "@/lib/operator/order-schemas";
import { route } from "@/server/http";
import { moveOrderCohort } from "@/server/operator/order-cohort-move";

export const POST = route(
  { auth: "operator", params: orderIdParamsSchema, body: orderCohortMoveSchema, response: orderCohortMoveResultSchema },
  ({ user, params, body }) => moveOrderCohort(user.id, params.id, body.cohortId, { confirmRunning: body.confirmRunning }),
);
