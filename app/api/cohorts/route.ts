// GET /api/cohorts?language= - upcoming cohorts (public).
import { cohortListQuerySchema, cohortListSchema } from "@/lib/cohorts/cohort-schemas";
import { upcomingCohorts } from "@/server/cohorts/public-cohorts";
import { route } from "@/server/http";

export const GET = route({ query: cohortListQuerySchema, sharedCache: true, response: cohortListSchema }, async ({ query }) =>
  upcomingCohorts(query.language),
);
