// GET /api/cohorts/{id}/eligibility - may the member take or move a seat here.
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { eligibilitySchema } from "@/lib/cohorts/member-cohort-schemas";
import { checkEligibility } from "@/server/cohorts/enrolment";
import { route } from "@/server/http";

export const GET = route({ params: cohortIdParamsSchema, auth: "required", response: eligibilitySchema }, async ({ params, user }) =>
  checkEligibility(user, params.id),
);
