import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { waitlistConfirmationResultSchema, waitlistJoinedSchema, type WaitlistJoinRequest } from "@/lib/waitlist/waitlist-schemas";

// D17, Waitlist: the browser's calls. Each throws ApiRequestError; waitlistProblem() says what to show.
export const WAITLIST_FAILED = "We couldn't send this just now. Please try again in a moment.";

/**
 * Asks to join a full cohort's waitlist: the address is emailed a confirmation link (D18), or, for
 * a signed-in member's own address, queued at once (`queued`).
 */
export const joinCohortWaitlist = (cohortId: string, body: WaitlistJoinRequest) =>
  apiRequest({
    method: "POST",
    path: `/api/cohorts/${encodeURIComponent(cohortId)}/waitlist`,
    body,
    auth: "optional",
    schema: waitlistJoinedSchema,
    fallback: WAITLIST_FAILED,
  });

/** Uses the token of a waitlist confirmation link (/waitlist/confirm?token=…). */
export const confirmWaitlist = (token: string) =>
  apiRequest({
    method: "POST",
    path: "/api/waitlist/confirmations",
    body: { token },
    schema: waitlistConfirmationResultSchema,
    fallback: WAITLIST_FAILED,
  });

/** The message for a failed call: the server's own (a field's problem, a free place, the pace), else a general failure. */
export function waitlistProblem(error: unknown): string {
  if (error instanceof ApiRequestError && error.fromServer) {
    if (error.status === 422 && error.details[0]) return error.details[0].message;
    if (error.status === 409 || error.status === 422 || error.status === 429) return error.message;
  }
  return WAITLIST_FAILED;
}
