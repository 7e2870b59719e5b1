// GET|POST /api/operator/cohorts/{id} - one cohort with its seats; edit it (operators only).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { cohortFieldsSchema, operatorCohortSchema } from "@/lib/operator/operator-cohort-schemas";
import { ApiError, route } from "@/server/http";
import { getOperatorCohort } from "@/server/db/operator/operator-cohorts";
import { editOperatorCohort } from "@/server/operator/operator-cohorts";

export const GET = route({ auth: "operator", params: cohortIdParamsSchema, response: operatorCohortSchema }, async ({ params }) => {
  const cohort = await getOperatorCohort(params.id);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  return cohort;
});

export const POST = route(
  { auth: "operator", params: cohortIdParamsSchema, body: cohortFieldsSchema, response: operatorCohortSchema },
  ({ user, params, body }) => editOperatorCohort(user.id, params.id, body),
);
