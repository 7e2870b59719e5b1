import "server-only";
import { isOpenForEnrolment, notOpenMessage } from "@/lib/cohorts/cohort-change-rules";
import { WAITLIST_NOT_FULL } from "@/lib/waitlist/waitlist-schemas";
import { RECEIVED, requestConfirmation } from "../campaign/confirmations";
import { getCohortSummary, isCohortFull } from "../db/cohort-queries";
import { ApiError } from "../http/api-error";

// D17, Waitlist: "Join the waitlist" on a full cohort. The address is sent a confirmation link
// (D18, the campaign forms' double opt-in and per-inbox limits) and queued only once it is used.
// The answer is the same whether the address is new, waiting, or was sent its link already, so
// the form tells nobody who is on a waitlist.

/** POST /api/cohorts/{id}/waitlist: 202 whatever the address has done before; 409 while the cohort has a free place. */
export async function joinWaitlist(cohortId: string, email: string): Promise<typeof RECEIVED> {
  const cohort = await getCohortSummary(cohortId);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  if (!isOpenForEnrolment(cohort, new Date())) throw new ApiError("validation_failed", notOpenMessage(cohort), { details: [{ path: "id", message: notOpenMessage(cohort) }] });
  // A free place is for whoever buys it; the waitlist is for a cohort whose places are all taken or held.
  if (!(await isCohortFull(cohortId))) throw new ApiError("conflict", WAITLIST_NOT_FULL);
  return requestConfirmation({ purpose: "waitlist", email, cohortId });
}
