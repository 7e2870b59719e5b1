import "server-only";
import { site } from "@/lib/site";
import { formatDate } from "../format";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

export type CohortMovedEmailInput = {
  to: string;
  cohortName: string;
  /** First day of the cohort (null: dates to be announced). */
  startsAt: Date | null;
  planName: string;
  orderReference: string;
  dashboardUrl: string;
};

export const COHORT_MOVED_SUBJECT = "Your cohort has changed";

function CohortMoved({ cohortName, startsAt, planName, orderReference, dashboardUrl }: Omit<CohortMovedEmailInput, "to">) {
  return (
    <EmailLayout
      preview={`Your place is now in ${cohortName}.`}
      heading="Your cohort has changed"
      footer={`Order ${orderReference}. Questions? Write to ${site.contact.email}.`}
    >
      <EmailText>
        Our team has moved your place to {cohortName}
        {startsAt ? `, starting ${formatDate(startsAt)}` : " (dates to be announced)"}. Your {planName} plan and what you paid stay the
        same.
      </EmailText>
      <EmailText>If you did not ask for this change, write to {site.contact.email}.</EmailText>
      <EmailButton href={dashboardUrl}>Open my dashboard</EmailButton>
    </EmailLayout>
  );
}

/** Sent when an operator moves a member's seat to another cohort. */
export async function cohortMovedEmail(input: CohortMovedEmailInput): Promise<EmailMessage> {
  const { to, ...props } = input;
  const { html, text } = await renderEmail(<CohortMoved {...props} />);
  return { to, subject: COHORT_MOVED_SUBJECT, html, text };
}
