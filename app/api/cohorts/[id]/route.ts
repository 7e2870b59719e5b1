// GET /api/cohorts/{id} - one cohort (public).
import { cohortIdParamsSchema, cohortSchema } from "@/lib/cohorts/cohort-schemas";
import { getCohort } from "@/server/db/cohort-queries";
import { ApiError, route } from "@/server/http";

export const GET = route({ params: cohortIdParamsSchema, response: cohortSchema }, async ({ params }) => {
  const cohort = await getCohort(params.id);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  return cohort;
});
