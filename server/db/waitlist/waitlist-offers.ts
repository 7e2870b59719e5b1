import "server-only";
import type { TransactionSql } from "postgres";
import { SYSTEM_ACTOR } from "@/lib/operator/audit-entry";
import { insertAuditEntry, type AuditActor } from "../operator/operator-audit";

/**
 * What made places free, for the audit log: the operator whose change it was (else the system),
 * and the order whose seat was given back (a refund or a chargeback), so the order's timeline shows it.
 */
export type OfferCause = { operatorId?: string; orderId?: string };

export type MadeOffer = { cohortId: string; cohortName: string; entryId: string; email: string };

/**
 * D17, Waitlist: an offer's audit entry (server/waitlist/offer-free-places.ts makes the offers), in
 * the offer's transaction, under the cohort: who was offered the place, until when, and what freed it.
 */
export async function insertOfferAuditEntry(tx: TransactionSql, offer: MadeOffer, cause: OfferCause): Promise<void> {
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
