// GET /api/cohorts/user/history - every cohort the member joined.
import { cohortHistory } from "@/server/cohorts/member-cohorts";
import { route } from "@/server/http";

export const GET = route({ auth: "required" }, async ({ user }) => cohortHistory(user));
