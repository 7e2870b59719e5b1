// GET /api/cohorts/{id} - one cohort (public).
import { cohortIdParamsSchema, cohortSchema } from "@/lib/cohorts/cohort-schemas";
import { publicCohort } from "@/server/cohorts/public-cohorts";
import { ApiError, route } from "@/server/http";

export const GET = route({ params: cohortIdParamsSchema, sharedCache: true, response: cohortSchema }, async ({ params }) => {
  const cohort = await publicCohort(params.id);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  return cohort;
});
