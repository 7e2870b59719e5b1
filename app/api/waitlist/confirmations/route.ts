// POST /api/waitlist/confirmations - D18: use a waitlist confirmation link; the address joins the queue.
import { confirmationRequestSchema } from "@/lib/campaign/campaign-schemas";
import { waitlistConfirmationResultSchema } from "@/lib/waitlist/waitlist-schemas";
import { route } from "@/server/http";
import { confirmWaitlistEntry } from "@/server/waitlist/waitlist-confirmation";
import { waitlistConfirmationLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    body: confirmationRequestSchema,
    maxBodyBytes: 1024,
    rateLimits: waitlistConfirmationLimits,
    response: waitlistConfirmationResultSchema,
  },
  ({ body }) => confirmWaitlistEntry(body.token),
);
