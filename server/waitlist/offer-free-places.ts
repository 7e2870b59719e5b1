import "server-only";
import type { TransactionSql } from "postgres";
import { isOpenForEnrolment } from "@/lib/cohorts/cohort-change-rules";
import { OFFER_HOURS } from "@/lib/waitlist/waitlist-schemas";
import { lockNextWaiting, lockWaitlistCohort, offerPlace } from "../db/waitlist/waitlist";
import { insertOfferAuditEntry, type OfferCause } from "../db/waitlist/waitlist-offers";
import { queueEmail } from "../email/outbox";
import { offerTokenHash } from "./waitlist-links";

/**
 * D17, Waitlist: a cohort's free places go to its waitlist first. Called in the transaction
 * that freed a place (whatever gives a seat back, server/db/cohorts/seats.ts, returns the cohort for this),
 * raised the capacity, reopened the cohort or queued a newly confirmed address: each free place is
 * held for the next waiting entry for 24 hours, and its email with the claim link is queued in the
 * same transaction, so the offer and its email commit together or not at all. Under the cohort's
 * row lock, so two places freeing at once go to two different people and no entry is offered
 * twice. A cohort that takes nobody (started, closed) offers nothing. Each offer is written to the
 * audit log in the same transaction, under the cohort, naming its cause. Returns how many places
 * were offered.
 */
export async function offerFreePlaces(tx: TransactionSql, cohortId: string, cause: OfferCause = {}): Promise<number> {
  const cohort = await lockWaitlistCohort(tx, cohortId);
  if (!cohort || cohort.free <= 0) return 0;
  if (!isOpenForEnrolment(cohort, new Date())) return 0;
  let offered = 0;
  for (const entry of await lockNextWaiting(tx, cohortId, cohort.free)) {
    const taken = await offerPlace(tx, {
      cohortId,
      entryId: entry.id,
      email: entry.email,
      tokenHash: offerTokenHash(entry.id),
      hours: OFFER_HOURS,
    });
    if (!taken) break;
    await queueEmail(tx, { kind: "waitlist-offer", to: entry.email, data: { entryId: entry.id }, dedupeKey: `waitlist-offer:${entry.id}` });
    await insertOfferAuditEntry(tx, { cohortId, cohortName: cohort.name, entryId: entry.id, email: entry.email }, cause);
    offered += 1;
  }
  return offered;
}
