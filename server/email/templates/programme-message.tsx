import "server-only";
import { site, siteUrl } from "@/lib/site";
import { EmailLayout, EmailParagraphs, EmailText } from "../email-layout";
import { cohortStartIcs } from "../ics";
import { renderEmail } from "../render";
import type { EmailAttachment, EmailMessage } from "../send-email";
import { COHORT_ICS_CONTENT_TYPE, COHORT_ICS_FILENAME } from "./payment-confirmation";

// A programme message by email (docs/programme.md): the words the member would read from the coach
// bot, line for line (they end with how to change the hour or the channel, or pause), and for the
// reminder the day before the start the cohort's calendar file, as the receipt carries it.

export type ProgrammeMessageEmail = {
  subject: string;
  body: string;
  calendar?: { cohortId: string; cohortName: string; start: string; lastDay: string };
};

function ProgrammeMessage({ subject, body, hasCalendarFile }: { subject: string; body: string; hasCalendarFile: boolean }) {
  return (
    <EmailLayout
      preview={body.slice(0, 120)}
      heading={subject}
      footer={`You receive this as a participant of the ${site.name} bootcamp. Receipts and account emails still arrive when you pause.`}
    >
      <EmailParagraphs text={body} />
      {hasCalendarFile ? <EmailText>The attached calendar file ({COHORT_ICS_FILENAME}) adds the dates to your calendar.</EmailText> : null}
    </EmailLayout>
  );
}

function calendarFile(calendar: NonNullable<ProgrammeMessageEmail["calendar"]>): EmailAttachment {
  const dashboardUrl = siteUrl("/dashboard");
  return {
    filename: COHORT_ICS_FILENAME,
    contentType: COHORT_ICS_CONTENT_TYPE,
    content: cohortStartIcs({
      uid: `cohort-${calendar.cohortId}@${site.domain}`,
      title: `${site.name}: ${calendar.cohortName}`,
      description: `Your ${site.name} cohort "${calendar.cohortName}". Your dashboard and coach bot: ${dashboardUrl}`,
      start: new Date(calendar.start),
      end: new Date(calendar.lastDay),
      url: dashboardUrl,
    }),
  };
}

export async function programmeMessageEmail(to: string, message: ProgrammeMessageEmail): Promise<EmailMessage> {
  const attachment = message.calendar ? calendarFile(message.calendar) : null;
  const { html, text } = await renderEmail(
    <ProgrammeMessage subject={message.subject} body={message.body} hasCalendarFile={attachment !== null} />,
  );
  return { to, subject: message.subject, html, text, ...(attachment ? { attachments: [attachment] } : {}) };
}
