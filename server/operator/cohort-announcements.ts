import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import type { AnnouncementPreview, AnnouncementRequest, AnnouncementSent } from "@/lib/operator/announcement-schemas";
import { unsubscribeUrl } from "../announcements/unsubscribe-links";
import { db, type Executor } from "../db/client";
import { insertAnnouncement, listEnrolledAddresses, unsubscribedAmong } from "../db/cohorts/cohort-announcements";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { signInEmailOf } from "../db/accounts/operator-fresh-sign-ins";
import { queueEmail } from "../email/outbox";
import { cohortAnnouncementEmail } from "../email/templates/cohort-announcement";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// An operator emails a cohort's participants: a preview of the email as they will read it, a test
// sent to the operator's own inbox, then the announcement itself, one email per paid participant's
// inbox through the outbox, in the transaction that records it and its audit entry. Only addresses
// confirmed by setting up the account get it; inboxes that unsubscribed from announcements are left
// out (receipts and account emails are not announcements and still reach them).

const NO_COHORT = "This cohort does not exist.";
export const NO_PARTICIPANTS = "There is nobody to email: no participant with a confirmed address who did not unsubscribe.";

/**
 * The cohort's participants' inboxes, one address each: those whose address is confirmed (they set
 * up their account with it) and did not unsubscribe. Mail goes only to confirmed addresses: a paid
 * seat whose account was never set up had its receipt, once, and is counted as `unconfirmed`.
 */
async function recipientsOf(sql: Executor, cohortId: string): Promise<{ to: string[]; unsubscribed: number; unconfirmed: number }> {
  const byInbox = new Map<string, { email: string; confirmed: boolean }>();
  for (const seat of await listEnrolledAddresses(sql, cohortId)) {
    const identity = emailIdentity(seat.email);
    const known = byInbox.get(identity);
    if (!known || (!known.confirmed && seat.confirmed)) byInbox.set(identity, seat);
  }
  const confirmed = [...byInbox].filter(([, seat]) => seat.confirmed);
  const unsubscribed = await unsubscribedAmong(
    sql,
    confirmed.map(([identity]) => identity),
  );
  return {
    to: confirmed.flatMap(([identity, seat]) => (unsubscribed.has(identity) ? [] : [seat.email])),
    unsubscribed: unsubscribed.size,
    unconfirmed: byInbox.size - confirmed.length,
  };
}

async function cohortNameOf(cohortId: string): Promise<string> {
  const cohort = await getCohortSummary(cohortId);
  if (!cohort) throw new ApiError("not_found", NO_COHORT);
  return cohort.name;
}

/** The email as a participant will read it (a sample participant's footer), and whom it would reach. */
export async function previewAnnouncement(cohortId: string, request: AnnouncementRequest): Promise<AnnouncementPreview> {
  const cohortName = await cohortNameOf(cohortId);
  const { to, unsubscribed, unconfirmed } = await recipientsOf(db(), cohortId);
  const sample = to[0] ?? "participant@example.com";
  const message = await cohortAnnouncementEmail({ to: sample, cohortName, ...request, unsubscribeUrl: unsubscribeUrl(sample) });
  return { subject: message.subject, html: message.html, text: message.text, recipients: to.length, unsubscribed, unconfirmed };
}

/** Queues the test to the operator's own sign-in address (not audited: it reaches only them). */
export async function sendAnnouncementTest(
  operatorId: string,
  cohortId: string,
  request: AnnouncementRequest,
): Promise<{ sentTo: string }> {
  await cohortNameOf(cohortId);
  const email = await signInEmailOf(operatorId);
  if (!email) throw new ApiError("forbidden", "This is for operators only.");
  await db().begin((tx) => queueEmail(tx, { kind: "cohort-announcement-test", to: email, data: { cohortId, ...request } }));
  return { sentTo: email };
}

/**
 * Records the announcement and queues its email to every participant's inbox that did not
 * unsubscribe, with its audit entry, in one transaction: all of it, or none.
 */
export async function sendAnnouncement(operatorId: string, cohortId: string, request: AnnouncementRequest): Promise<AnnouncementSent> {
  const cohortName = await cohortNameOf(cohortId);
  return operatorChange(operatorId, async (tx) => {
    const { to, unsubscribed, unconfirmed } = await recipientsOf(tx, cohortId);
    if (to.length === 0) throw new ApiError("conflict", NO_PARTICIPANTS);
    const announcement = await insertAnnouncement(tx, { cohortId, ...request, operatorId, recipients: to.length });
    for (const email of to) {
      await queueEmail(tx, {
        kind: "cohort-announcement",
        to: email,
        data: { announcementId: announcement.id },
        dedupeKey: `announcement:${announcement.id}:${emailIdentity(email)}`,
      });
    }
    return {
      result: { id: announcement.id, recipients: to.length, unsubscribed, unconfirmed },
      audit: {
        action: "cohort.announce",
        subjectType: "cohort",
        subjectId: cohortId,
        before: null,
        after: { announcement_id: announcement.id, cohort_name: cohortName, subject: request.subject, recipients: to.length },
      },
    };
  });
}
