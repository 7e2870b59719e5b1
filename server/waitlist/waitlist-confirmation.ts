import "server-only";
import type { WaitlistConfirmationResult } from "@/lib/waitlist/waitlist-schemas";
import { lockConfirmationByTokenHash, markConfirmed } from "../db/address-confirmations";
import { db } from "../db/client";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { insertWaitlistEntry, lockWaitlistCohort } from "../db/waitlist/waitlist";
import { offerFreePlaces } from "./offer-free-places";
import { hashSecretToken } from "../security/secret-tokens";

const INVALID: WaitlistConfirmationResult = { status: "invalid", cohortName: null };

/**
 * POST /api/waitlist/confirmations: uses a waitlist confirmation link. The first use queues the
 * address at the end of the cohort's waitlist (once: an address already waiting there keeps its
 * place) and, should a place be free now, offers it at once; all in the transaction that marks the
 * link used. A used link changes nothing more; an unknown, expired or campaign link changes nothing.
 */
export async function confirmWaitlistEntry(token: string): Promise<WaitlistConfirmationResult> {
  return db().begin(async (tx) => {
    const row = await lockConfirmationByTokenHash(tx, hashSecretToken(token));
    if (row?.purpose !== "waitlist") return INVALID;
    if (row.confirmedAt) return { status: "already-confirmed", cohortName: (await getCohortSummary(row.cohortId, tx))?.name ?? null };
    if (row.expired) return INVALID;
    // The cohort's lock hands out queue numbers one at a time, and offers under it.
    const cohort = await lockWaitlistCohort(tx, row.cohortId);
    if (!cohort) return INVALID;
    await markConfirmed(tx, row.id);
    await insertWaitlistEntry(tx, {
      cohortId: row.cohortId,
      email: row.email,
      emailIdentity: row.emailIdentity,
      joinedAt: row.createdAt,
      clientKey: row.clientKey,
      shareDomain: row.shareDomain,
      userId: null,
    });
    await offerFreePlaces(tx, row.cohortId);
    return { status: "confirmed", cohortName: cohort.name };
  });
}
