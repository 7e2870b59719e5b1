import "server-only";
import { site } from "@/lib/site";
import { EmailLayout, EmailParagraphs, EmailRawLink, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

// An operator's announcement to a cohort's participants: their words as written (paragraphs at
// blank lines, line breaks kept), the cohort it is about, and the way out of announcements.

type Announcement = { to: string; cohortName: string; subject: string; body: string; unsubscribeUrl: string; test?: boolean };

function CohortAnnouncement({ to, cohortName, subject, body, unsubscribeUrl, test }: Announcement) {
  return (
    <EmailLayout
      preview={body.slice(0, 120)}
      heading={subject}
      footer={
        <>
          You receive this as a participant of {cohortName} ({to}). Receipts and account emails about your own order still arrive.
          Unsubscribe from announcements: <EmailRawLink href={unsubscribeUrl} />
        </>
      }
    >
      {test ? <EmailText style={{ fontWeight: "bold" }}>A test of the announcement: only you received it.</EmailText> : null}
      <EmailParagraphs text={body} />
      <EmailText>The {site.name} team</EmailText>
    </EmailLayout>
  );
}

/** The announcement email one participant (or, as a test, the operator) receives. */
export async function cohortAnnouncementEmail(announcement: Announcement): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<CohortAnnouncement {...announcement} />);
  const subject = announcement.test ? `[Test] ${announcement.subject}` : announcement.subject;
  return { to: announcement.to, subject, html, text, headers: { "List-Unsubscribe": `<${announcement.unsubscribeUrl}>` } };
}
