// POST /api/operator/cohorts/{id}/closed - close a cohort to new buyers, or open it again (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { cohortClosedSchema, operatorCohortSchema } from "@/lib/operator/operator-cohort-schemas";
import { route } from "@/server/http";
import { setOperatorCohortClosed } from "@/server/operator/operator-cohorts";

export const POST = route(
  { auth: "operator", params: cohortIdParamsSchema, body: cohortClosedSchema, response: operatorCohortSchema },
  ({ user, params, body }) => setOperatorCohortClosed(user.id, params.id, body.closed),
);
