// POST /api/operator/cohorts/{id}/published - publish a draft cohort: for sale from now on (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { operatorCohortSchema } from "@/lib/operator/operator-cohort-schemas";
import { route } from "@/server/http";
import { publishOperatorCohort } from "@/server/operator/operator-cohorts";

export const POST = route({ auth: "operator", params: cohortIdParamsSchema, response: operatorCohortSchema }, ({ user, params }) =>
  publishOperatorCohort(user.id, params.id),
);
