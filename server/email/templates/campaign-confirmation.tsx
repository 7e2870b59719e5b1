import "server-only";
import { site } from "@/lib/site";
import type { RecordedStoryFormat } from "@/lib/campaign/campaign-options";
import type { ConfirmationPurpose } from "../../db/address-confirmations";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

// D18: the first email an address gets from a campaign form. Nothing in it was written by the
// visitor who typed the address (no name, organisation or message): only what the form was and
// the link, so the form cannot carry a stranger's words into anyone's inbox.

type Wording = { subject: string; asked: string; follows: string; button: string; form: string };

const WORDING: Record<Exclude<ConfirmationPurpose, "story-contact" | "waitlist">, Wording> = {
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

/** The /magic story form's Video or Audio answer: the format is one the form offers, never visitor text. */
const storyWording = (format: RecordedStoryFormat): Wording => ({
  subject: "Confirm your story",
  asked: `record ${format === "audio" ? "an audio" : "a video"} story with the MAGIC campaign team`,
  follows: "our campaign team will email you to arrange the recording",
  button: "Confirm my email",
  form: "story form",
});

type Props = {
  to: string;
  purpose: Exclude<ConfirmationPurpose, "waitlist">;
  storyFormat?: RecordedStoryFormat | undefined;
  url: string;
  hours: number;
};

const wordingOf = (p: Props): Wording => (p.purpose === "story-contact" ? storyWording(p.storyFormat ?? "video") : WORDING[p.purpose]);

function CampaignConfirmation(p: Props) {
  const { to, url, hours } = p;
  const w = wordingOf(p);
  return (
    <EmailLayout
      preview={`Please confirm this address to ${w.asked}.`}
      heading={w.subject}
      footer={`You receive this because ${to} was entered on the ${w.form} at ${site.name}.`}
    >
      <EmailText>Someone asked to {w.asked} with this email address.</EmailText>
      <EmailText>If that was you, confirm your address and {w.follows}.</EmailText>
      <EmailButton href={url}>{w.button}</EmailButton>
      <EmailText>
        The link works for {hours} hours. If it was not you, ignore this email: nothing happens until the address is confirmed.
      </EmailText>
    </EmailLayout>
  );
}

export async function campaignConfirmationEmail(p: Props): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<CampaignConfirmation {...p} />);
  return { to: p.to, subject: wordingOf(p).subject, html, text };
}
