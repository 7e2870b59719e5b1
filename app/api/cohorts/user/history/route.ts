// GET /api/cohorts/user/history - every cohort the member joined.
import { cohortHistorySchema } from "@/lib/cohorts/member-cohort-schemas";
import { cohortHistory } from "@/server/cohorts/member-cohorts";
import { route } from "@/server/http";

export const GET = route({ auth: "required", response: cohortHistorySchema }, async ({ user }) => cohortHistory(user));
