// POST /api/operator/waitlist/{id}/removal - take a waiting entry off its cohort's waitlist, with a reason (operators only, audited).
import { waitlistEntryParamsSchema, waitlistRemovalRequestSchema, waitlistRemovalResultSchema } from "@/lib/operator/waitlist-entry";
import { route } from "@/server/http";
import { removeWaitlistEntry } from "@/server/operator/waitlist";

export const POST = route(
  {
    auth: "operator",
    params: waitlistEntryParamsSchema,
    body: waitlistRemovalRequestSchema,
    maxBodyBytes: 4096,
    response: waitlistRemovalResultSchema,
  },
  ({ user, params, body }) => removeWaitlistEntry(user.id, params.id, body.reason),
);
