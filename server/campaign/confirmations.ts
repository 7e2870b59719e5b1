import "server-only";
import { randomUUID } from "node:crypto";
import type { TransactionSql } from "postgres";
import type { ConfirmationResult } from "@/lib/campaign/campaign-schemas";
import { emailIdentity } from "@/lib/email/email-address";
import { findPledgeByEmailIdentity } from "../db/campaign/campaign";
import { keepPledgeOfLink } from "../db/campaign/pledge-numbers";
import { db } from "../db/client";
import {
  insertConfirmation,
  lockAddressLedger,
  lockConfirmationByTokenHash,
  markConfirmed,
  recentConfirmations,
  type PendingSubmission,
} from "../db/address-confirmations";
import { queueEmail } from "../email/outbox";
import { hashSecretToken } from "../security/secret-tokens";
import { CONFIRMATION_TTL_HOURS, confirmationTokenHash } from "./confirmation-link";
import { awaitPledgeNumber } from "./pledge-numbering";
import { keepConfirmedPledge, pledgeOfAddress, pledgeView } from "./pledges";
import { keepConfirmedStoryContact } from "./stories";
import { keepConfirmedPartnerPledge } from "./submissions";

// D18: double opt-in for the campaign's pledge and partner forms, the /magic story form's request
// to be reached to record a story, and a full cohort's waitlist. A submission waits until its
// address confirms it; the address is sent one confirmation email, with no visitor-written text, and
// no more than CONFIRMATIONS_PER_DAY a day and CONFIRMATIONS_PER_WEEK a week however many people
// type it (counted per inbox: emailIdentity()). The form's answer is the same either way, so it
// tells a stranger nothing about the address.

/** D18: one a day; a real person needs one, and perhaps another the next day if it went astray. */
export const CONFIRMATIONS_PER_DAY = 1;
/** And three a week, so nobody can make the forms a daily nuisance to one inbox. */
export const CONFIRMATIONS_PER_WEEK = 3;

export const RECEIVED = { received: true } as const;

/**
 * Keeps the submission and queues its address's confirmation email, in one transaction (D16);
 * an address that has had its share of confirmation emails gets none, and nothing is kept. The
 * campaign forms share one budget per inbox; each cohort's waitlist has its own, so a pledge made in
 * someone's name cannot use up the link she asks for to join a waitlist (and a waitlist link sent
 * in her name for that cohort is in her inbox, doing what she asks). `admit` runs first, in the
 * transaction, and may refuse the request by throwing.
 */
export async function requestConfirmation(
  submission: PendingSubmission,
  admit?: (tx: TransactionSql) => Promise<void>,
): Promise<typeof RECEIVED> {
  const identity = emailIdentity(submission.email);
  const budget = { waitlistCohortId: submission.purpose === "waitlist" ? submission.cohortId : null };
  await db().begin(async (tx) => {
    // Sent together (one round trip each pair): the count is read once the ledger is held, the email
    // queued after the row that names it; a failed statement fails the ones after it.
    const [, recent] = await Promise.all([lockAddressLedger(tx, identity), recentConfirmations(tx, identity, budget)]);
    if (admit) await admit(tx);
    if (recent.day >= CONFIRMATIONS_PER_DAY || recent.week >= CONFIRMATIONS_PER_WEEK) return;
    const id = randomUUID();
    const kept = insertConfirmation(tx, {
      id,
      tokenHash: confirmationTokenHash(id),
      emailIdentity: identity,
      ttlHours: CONFIRMATION_TTL_HOURS,
      submission,
    });
    const email =
      submission.purpose === "waitlist"
        ? queueEmail(tx, {
            kind: "waitlist-confirmation",
            to: submission.email,
            data: { confirmationId: id, cohortId: submission.cohortId },
            dedupeKey: `campaign-confirmation:${id}`,
          })
        : queueEmail(tx, {
            kind: "campaign-confirmation",
            to: submission.email,
            data: {
              confirmationId: id,
              purpose: submission.purpose,
              storyFormat: submission.purpose === "story-contact" ? submission.format : undefined,
            },
            dedupeKey: `campaign-confirmation:${id}`,
          });
    await Promise.all([kept, email]);
  });
  return RECEIVED;
}

const INVALID: ConfirmationResult = { status: "invalid", purpose: null, pledge: null };

/**
 * Uses a confirmation link: the pledge is kept (or the partner pledge or story request kept) and its emails are
 * queued in the transaction that marks the link used. A used link confirms nothing more; an unknown
 * or expired one changes nothing. A pledge is numbered once that commits, with the others waiting
 * (pledge-numbering.ts); the answer carries its number, or none if it has not come within a few
 * seconds (the page then asks again, and the badge email brings it).
 */
export async function confirmSubmission(token: string): Promise<ConfirmationResult> {
  const tokenHash = hashSecretToken(token);
  // The common case, a new pledge, in one statement; anything else is read and done below.
  const kept = await keepPledgeOfLink(tokenHash);
  if (kept) {
    const waitingId = kept.pledgeId ?? (await findPledgeByEmailIdentity(kept.emailIdentity))?.id;
    const number = waitingId ? await awaitPledgeNumber(waitingId) : null;
    return { status: "confirmed", purpose: "pledge", pledge: number === null ? null : pledgeView(number) };
  }
  const used = await db().begin(async (tx): Promise<{ result: ConfirmationResult; waitingId?: string }> => {
    const row = await lockConfirmationByTokenHash(tx, tokenHash);
    // A waitlist link is used on its own page (server/waitlist/waitlist-confirmation.ts).
    if (!row || row.purpose === "waitlist") return { result: INVALID };
    if (row.confirmedAt) {
      if (row.purpose === "story-contact")
        return { result: { status: "already-confirmed", purpose: row.purpose, pledge: null, storyFormat: row.format } };
      const kept = row.purpose === "pledge" ? await pledgeOfAddress(tx, row.emailIdentity) : null;
      return {
        result: { status: "already-confirmed", purpose: row.purpose, pledge: kept?.pledge ?? null },
        waitingId: kept?.waitingId ?? undefined,
      };
    }
    if (row.expired) return { result: INVALID };
    await markConfirmed(tx, row.id);
    if (row.purpose === "story-contact") {
      await keepConfirmedStoryContact(tx, { email: row.email, format: row.format }, row.id);
      return { result: { status: "confirmed", purpose: "story-contact", pledge: null, storyFormat: row.format } };
    }
    if (row.purpose === "pledge") {
      const kept = await keepConfirmedPledge(tx, { name: row.name, email: row.email, emailIdentity: row.emailIdentity }, row.id);
      return { result: { status: "confirmed", purpose: "pledge", pledge: kept.pledge }, waitingId: kept.waitingId ?? undefined };
    }
    const partner = { name: row.name, email: row.email, orgName: row.orgName, orgType: row.orgType, region: row.region };
    await keepConfirmedPartnerPledge(tx, partner, row.id);
    return { result: { status: "confirmed", purpose: "partner", pledge: null } };
  });
  if (!used.waitingId) return used.result;
  const number = await awaitPledgeNumber(used.waitingId);
  return { ...used.result, pledge: number === null ? null : pledgeView(number) };
}
