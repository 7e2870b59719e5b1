// GET /api/cohorts/user/current - the member's current cohort (null when none).
import { currentCohortSchema } from "@/lib/cohorts/member-cohort-schemas";
import { currentCohort } from "@/server/cohorts/member-cohorts";
import { route } from "@/server/http";

export const GET = route({ auth: "required", response: currentCohortSchema }, async ({ user }) => currentCohort(user));
