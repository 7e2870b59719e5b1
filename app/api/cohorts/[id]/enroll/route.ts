// POST /api/cohorts/{id}/enroll - take a seat, or move the member's seat here.
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { enrolmentResultSchema } from "@/lib/cohorts/member-cohort-schemas";
import { enrol } from "@/server/cohorts/enrolment";
import { route } from "@/server/http";
import { cohortEnrolLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    params: cohortIdParamsSchema,
    auth: "required",
    liveSession: true,
    rateLimits: cohortEnrolLimits,
    response: enrolmentResultSchema,
  },
  async ({ params, user }) => enrol(user, params.id),
);
