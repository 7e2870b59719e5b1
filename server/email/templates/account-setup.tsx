import "server-only";
import { site } from "@/lib/site";
import { formatHours } from "../format";
import { EmailButton, EmailLayout, EmailRawLink, EmailText, emailColors } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

export type AccountSetupEmailInput = {
  to: string;
  /** One-time link to the page where the buyer sets a password or continues with Google. */
  setupUrl: string;
  planName: string;
  cohortName: string | null;
  expiresInHours: number;
};

function AccountSetup({ setupUrl, planName, cohortName, expiresInHours }: Omit<AccountSetupEmailInput, "to">) {
  return (
    <EmailLayout
      preview="Your payment went through. One step left: set up your account."
      heading="Set up your account"
      footer={`You receive this because the ${planName} plan was bought with this address on ${site.name}. If that wasn't you, write to ${site.contact.email}.`}
    >
      <EmailText>
        Thanks, we&apos;ve received your payment for the {planName} plan.
        {cohortName ? ` Your cohort: ${cohortName}.` : null}
      </EmailText>
      <EmailText>One step left: set a password (or continue with Google) to open your dashboard and chat with your coach bot.</EmailText>
      <EmailButton href={setupUrl}>Set up my account</EmailButton>
      <EmailText style={{ fontSize: "14px", color: emailColors.muted }} skipInText>
        If the button doesn&apos;t work, copy this link into your browser:
        <br />
        <EmailRawLink href={setupUrl} />
      </EmailText>
      <EmailText>
        This link works once and expires in {formatHours(expiresInHours)}. If it has expired, write to {site.contact.email} and we&apos;ll
        send you a new one.
      </EmailText>
    </EmailLayout>
  );
}

/** Sent after a successful checkout: the one-time link to finish setting up the new account. */
export async function accountSetupEmail(input: AccountSetupEmailInput): Promise<EmailMessage> {
  const { to, ...props } = input;
  const { html, text } = await renderEmail(<AccountSetup {...props} />);
  return { to, subject: `Set up your ${site.name} account`, html, text };
}
