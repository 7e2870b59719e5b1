import "server-only";
import { isOpenForEnrolment, notOpenMessage } from "@/lib/cohorts/cohort-change-rules";
import { emailIdentity } from "@/lib/email/email-address";
import { WAITLIST_NOT_FULL, type WaitlistJoined } from "@/lib/waitlist/waitlist-schemas";
import type { AuthUser } from "../auth/auth-user";
import { RECEIVED, requestConfirmation } from "../campaign/confirmations";
import { db } from "../db/client";
import { getCohortSummary, isCohortFull } from "../db/cohorts/cohort-queries";
import { confirmedAccountEmail, insertWaitlistEntry, lockWaitlistCohort } from "../db/waitlist/waitlist";
import { offerFreePlaces } from "./offer-free-places";
import { ApiError } from "../http/api-error";
import { admitWaitlistShare, waitlistShareOf } from "./waitlist-shares";

// D17, Waitlist: "Join the waitlist" on a full cohort. A visitor's address is sent a confirmation
// link (D18, double opt-in, with the waitlist's own per-inbox budget for each cohort) and queued
// only once it is used; the answer is the same whether the address is new, waiting, or was sent
// its link already, so the form tells nobody who is on a waitlist. A signed-in member joining with
// their account's confirmed address is queued at once, bound to the account: nothing a stranger
// did in her name can keep her own request from being recorded. Either way the cohort's share for
// one client address and one email domain is counted first (waitlist-shares.ts).

const QUEUED = { received: true, queued: true } as const;

/** POST /api/cohorts/{id}/waitlist: 202; 409 while the cohort has a free place or once the join's share is taken. */
export async function joinWaitlist(
  cohortId: string,
  email: string,
  who: { user: AuthUser | null; headers: Pick<Headers, "get"> },
): Promise<WaitlistJoined> {
  const cohort = await getCohortSummary(cohortId);
  if (!cohort) throw new ApiError("not_found", "This cohort does not exist.");
  if (!isOpenForEnrolment(cohort, new Date()))
    throw new ApiError("validation_failed", notOpenMessage(cohort), { details: [{ path: "id", message: notOpenMessage(cohort) }] });
  // A free place is for whoever buys it; the waitlist is for a cohort whose places are all taken or held.
  if (!(await isCohortFull(cohortId))) throw new ApiError("conflict", WAITLIST_NOT_FULL);
  const share = waitlistShareOf(cohortId, email, who.headers);
  const identity = emailIdentity(email);
  const user = who.user;
  if (user?.email && emailIdentity(user.email) === identity) {
    const joined = await db().begin(async (tx) => {
      // The account's address as Auth keeps it now, confirmed: not the token's word for it.
      const address = await confirmedAccountEmail(tx, user.id);
      if (!address || emailIdentity(address) !== identity) return false;
      await admitWaitlistShare(tx, share);
      if (!(await lockWaitlistCohort(tx, cohortId))) return false;
      await insertWaitlistEntry(tx, {
        cohortId,
        email: address,
        emailIdentity: identity,
        joinedAt: new Date(),
        clientKey: share.clientKey,
        shareDomain: share.shareDomain,
        userId: user.id,
      });
      await offerFreePlaces(tx, cohortId);
      return true;
    });
    if (joined) return QUEUED;
  }
  return requestConfirmation({ purpose: "waitlist", email, cohortId, clientKey: share.clientKey, shareDomain: share.shareDomain }, (tx) =>
    admitWaitlistShare(tx, share),
  ).then(() => RECEIVED);
}
