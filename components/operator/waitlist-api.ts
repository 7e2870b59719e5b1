import { apiRequest } from "@/components/api/api-request";
import { waitlistRemovalResultSchema } from "@/lib/operator/waitlist-entry";
import { SAVE_FAILED } from "./operator-api";

// The waitlist's changes in the operator area (D17). Each throws ApiRequestError with the server's message.

/** Takes a waiting entry off its cohort's waitlist, with the reason the team keeps. */
export const removeWaitlistEntry = (id: string, reason: string) =>
  apiRequest({
    method: "POST",
    path: `/api/operator/waitlist/${id}/removal`,
    body: { reason },
    schema: waitlistRemovalResultSchema,
    fallback: SAVE_FAILED,
  });
