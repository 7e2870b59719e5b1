// GET /api/cohorts/user/current - the member's current cohort (null when none).
import { currentCohort } from "@/server/cohorts/member-cohorts";
import { route } from "@/server/http";

export const GET = route({ auth: "required" }, async ({ user }) => currentCohort(user));
