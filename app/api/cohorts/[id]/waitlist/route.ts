// POST /api/cohorts/{id}/waitlist - D17: join a full cohort's waitlist (a visitor's address confirms it
// first, D18; a signed-in member's own confirmed address joins at once).
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { waitlistJoinRequestSchema, waitlistJoinedSchema } from "@/lib/waitlist/waitlist-schemas";
import { route } from "@/server/http";
import { joinWaitlist } from "@/server/waitlist/waitlist-join";
import { waitlistJoinLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    auth: "optional",
    liveSession: true,
    params: cohortIdParamsSchema,
    body: waitlistJoinRequestSchema,
    maxBodyBytes: 1024,
    rateLimits: waitlistJoinLimits,
    response: waitlistJoinedSchema,
    status: 202,
  },
  ({ params, body, user, request }) => joinWaitlist(params.id, body.email, { user, headers: request.headers }),
);
