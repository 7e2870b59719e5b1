// GET|POST /api/operator/cohorts - every cohort with its seats; create a cohort (operators only).
import { cohortFieldsSchema, operatorCohortListSchema, operatorCohortSchema } from "@/lib/operator/operator-cohort-schemas";
import { route } from "@/server/http";
import { listOperatorCohorts } from "@/server/db/operator-cohorts";
import { createOperatorCohort } from "@/server/operator/operator-cohorts";

export const GET = route({ auth: "operator", response: operatorCohortListSchema }, () => listOperatorCohorts());

export const POST = route({ auth: "operator", body: cohortFieldsSchema, status: 201, response: operatorCohortSchema }, ({ user, body }) =>
  createOperatorCohort(user.id, body),
);
