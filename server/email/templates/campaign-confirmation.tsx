import "server-only";
import { site } from "@/lib/site";
import type { ConfirmationPurpose } from "../../db/campaign-confirmations";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

// D18: the first email an address gets from a campaign form. Nothing in it was written by the
// visitor who typed the address (no name, organisation or message): only what the form was and
// the link, so the form cannot carry a stranger's words into anyone's inbox.

const WORDING: Record<ConfirmationPurpose, { subject: string; asked: string; follows: string; button: string; form: string }> = {
  pledge: {
    subject: "Confirm your pledge",
    asked: "take the glucose awareness pledge",
    follows: "we will email your pledge number and your badge",
    button: "Confirm my pledge",
    form: "pledge form",
  },
  partner: {
    subject: "Confirm your partner pledge",
    asked: "sign the MAGIC partner pledge",
    follows: "we will email your partner details and the welcome kit",
    button: "Confirm my partner pledge",
    form: "partner pledge form",
  },
};

function CampaignConfirmation({ to, purpose, url, hours }: { to: string; purpose: ConfirmationPurpose; url: string; hours: number }) {
  const w = WORDING[purpose];
  return (
    <EmailLayout
      preview={`Please confirm this address to ${w.asked}.`}
      heading={w.subject}
      footer={`You receive this because ${to} was entered on the ${w.form} at ${site.name}.`}
    >
      <EmailText>Someone asked to {w.asked} with this email address.</EmailText>
      <EmailText>If that was you, confirm your address and {w.follows}.</EmailText>
      <EmailButton href={url}>{w.button}</EmailButton>
      <EmailText>The link works for {hours} hours. If it was not you, ignore this email: nothing happens until the address is confirmed.</EmailText>
    </EmailLayout>
  );
}

export async function campaignConfirmationEmail(p: { to: string; purpose: ConfirmationPurpose; url: string; hours: number }): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<CampaignConfirmation {...p} />);
  return { to: p.to, subject: WORDING[p.purpose].subject, html, text };
}
