// GET /api/cohorts?language= - upcoming cohorts (public).
import { cohortListQuerySchema, cohortListSchema } from "@/lib/cohorts/cohort-schemas";
import { listUpcomingCohorts } from "@/server/db/cohort-queries";
import { route } from "@/server/http";

export const GET = route({ query: cohortListQuerySchema, response: cohortListSchema }, async ({ query }) => listUpcomingCohorts(query.language));
