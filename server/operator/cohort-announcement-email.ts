import "server-only";
import { unsubscribeUrl } from "../announcements/unsubscribe-links";
import { findAnnouncement } from "../db/cohorts/cohort-announcements";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import type { EmailMessage } from "../email/send-email";
import { cohortAnnouncementEmail } from "../email/templates/cohort-announcement";

// The outbox's announcement emails (server/email/outbox-emails.ts), rendered when sent.

/** A participant's copy of an announcement, read from its row. */
export async function renderAnnouncementEmail(to: string, announcementId: string): Promise<EmailMessage> {
  const announcement = await findAnnouncement(announcementId);
  if (!announcement) throw new Error(`Announcement ${announcementId} does not exist`);
  return cohortAnnouncementEmail({ to, ...announcement, unsubscribeUrl: unsubscribeUrl(to) });
}

/** The operator's test of an announcement not sent yet, with its words as they wrote them. */
export async function renderAnnouncementTestEmail(
  to: string,
  test: { cohortId: string; subject: string; body: string },
): Promise<EmailMessage> {
  const cohort = await getCohortSummary(test.cohortId);
  if (!cohort) throw new Error(`Cohort ${test.cohortId} does not exist`);
  return cohortAnnouncementEmail({
    to,
    cohortName: cohort.name,
    subject: test.subject,
    body: test.body,
    unsubscribeUrl: unsubscribeUrl(to),
    test: true,
  });
}
