import "server-only";
import type { TransactionSql } from "postgres";
import { isOpenForEnrolment } from "@/lib/cohorts/cohort-change-rules";
import { OFFER_HOURS } from "@/lib/waitlist/waitlist-schemas";
import { SYSTEM_ACTOR } from "@/lib/operator/audit-entry";
import { queueEmail } from "../email/outbox";
import { offerTokenHash } from "../waitlist/waitlist-links";
import { insertAuditEntry, type AuditActor } from "./operator-audit";
import { lockNextWaiting, lockWaitlistCohort, offerPlace } from "./waitlist";

/**
 * What made places free, for the audit log: the operator whose change it was (else the system),
 * and the order whose seat was given back (a refund or a chargeback), so the order's timeline shows it.
 */
export type OfferCause = { operatorId?: string; orderId?: string };

/**
 * D17, Waitlist: a cohort's free places go to its waitlist first. Called in the transaction
 * that freed a place (seats.ts gives every place back through here), raised the capacity, reopened
 * the cohort or queued a newly confirmed address: each free place is held for the next waiting
 * entry for 24 hours, and its email with the claim link is queued in the same transaction, so the
 * offer and its email commit together or not at all. Under the cohort's row lock, so two places
 * freeing at once go to two different people and no entry is offered twice. A cohort that takes
 * nobody (started, closed) offers nothing. Each offer is written to the audit log in the same
 * transaction, under the cohort, naming its cause. Returns how many places were offered.
 */
export async function offerFreePlaces(tx: TransactionSql, cohortId: string, cause: OfferCause = {}): Promise<number> {
  const cohort = await lockWaitlistCohort(tx, cohortId);
  if (!cohort || cohort.free <= 0) return 0;
  if (!isOpenForEnrolment(cohort, new Date())) return 0;
  let offered = 0;
  for (const entry of await lockNextWaiting(tx, cohortId, cohort.free)) {
    const taken = await offerPlace(tx, { cohortId, entryId: entry.id, email: entry.email, tokenHash: offerTokenHash(entry.id), hours: OFFER_HOURS });
    if (!taken) break;
    await queueEmail(tx, { kind: "waitlist-offer", to: entry.email, data: { entryId: entry.id }, dedupeKey: `waitlist-offer:${entry.id}` });
    await recordOffer(tx, { cohortId, cohortName: cohort.name, entryId: entry.id, email: entry.email }, cause);
    offered += 1;
  }
  return offered;
}

/** The offer's audit entry: the cohort, who was offered the place, until when, and what freed it. */
async function recordOffer(tx: TransactionSql, offer: { cohortId: string; cohortName: string; entryId: string; email: string }, cause: OfferCause): Promise<void> {
  const [held] = await tx<{ queue_number: number; offered_at: Date | null; offer_expires_at: Date | null }[]>`
    select queue_number, offered_at, offer_expires_at from public.cohort_waitlist where id = ${offer.entryId}`;
  const actor: AuditActor = cause.operatorId ? { operatorId: cause.operatorId } : { commandLine: SYSTEM_ACTOR };
  const after = {
    entry_id: offer.entryId,
    email: offer.email,
    cohort_name: offer.cohortName,
    queue_number: held?.queue_number ?? null,
    offered_at: held?.offered_at?.toISOString() ?? null,
    expires_at: held?.offer_expires_at?.toISOString() ?? null,
    order_id: cause.orderId ?? null,
  };
  // An operator whose role was revoked meanwhile writes no entry here; their change's own entry is
  // then refused too (operator-change.ts), which undoes the change and this offer with it.
  await insertAuditEntry(tx, actor, { action: "waitlist.offer", subjectType: "cohort", subjectId: offer.cohortId, before: null, after });
}
