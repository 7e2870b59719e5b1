import "server-only";
import { site } from "@/lib/site";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { formatDateTime } from "../format";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

// The safety screen's clearance link and the team's notice once it is used. D18: the link's email
// carries nothing a visitor wrote (the topics are the screen's own words); the notice, with the
// name the person gave, goes to the team only after the address used its link.

export const SAFETY_CLEARANCE_LINK_SUBJECT = "Your link for when your doctor has said yes";
export const SAFETY_CLEARANCE_TEAM_SUBJECT = "A doctor's go-ahead was confirmed";

type LinkInput = { to: string; topics: readonly string[]; url: string; days: number };

function SafetyClearanceLink({ to, topics, url, days }: LinkInput) {
  return (
    <EmailLayout
      preview="Keep this email: it is how you join once your doctor has said yes."
      heading="Come back once your doctor has said yes"
      footer={`You receive this because ${to} was entered on the health questions at ${site.name}.`}
    >
      <EmailText>
        Thank you for checking with your doctor first. You told us about: {topics.join("; ")}. Please talk these through with your doctor,
        nurse or diabetes team before you join.
      </EmailText>
      <EmailText>
        If they say the Glucose Challenge is right for you, open this link, confirm their go-ahead with your name, and choose your plan.
        Your coach will see that you joined with your doctor&apos;s go-ahead.
      </EmailText>
      <EmailButton href={url}>Confirm my doctor&apos;s go-ahead</EmailButton>
      <EmailText>
        The link works for {days} days and only for this address. If your doctor says not now, that is fine: nothing happens unless you use
        it. If you did not ask for it, ignore this email.
      </EmailText>
    </EmailLayout>
  );
}

/** Sent after a 'yes' on the safety screen: the link to come back with once cleared. */
export async function safetyClearanceLinkEmail(input: LinkInput): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<SafetyClearanceLink {...input} />);
  return { to: input.to, subject: SAFETY_CLEARANCE_LINK_SUBJECT, html, text };
}

type TeamInput = { name: string; email: string; accountEmail: string | null; topics: readonly string[]; confirmedAt: Date };

function SafetyClearanceTeam({ name, email, accountEmail, topics, confirmedAt }: TeamInput) {
  return (
    <EmailLayout
      preview={`${name} confirmed their doctor's go-ahead.`}
      heading="A doctor's go-ahead was confirmed"
      footer={`${site.name} enrolment.`}
    >
      <EmailText>
        {name} confirmed on {formatDateTime(confirmedAt)} that their doctor has said they can take part, through the link sent to {email}
        {accountEmail ? ` (signed in as ${accountEmail})` : " (not signed in)"}.
      </EmailText>
      <EmailText>They had answered yes about: {topics.join("; ")}.</EmailText>
      <EmailText>
        Their coach will see &quot;Cleared by their doctor&quot; on the cohort&apos;s participant list once they have bought a plan. Reach
        out if their answers call for a word before the cohort starts.
      </EmailText>
    </EmailLayout>
  );
}

/** Sent to the team when a person confirms their doctor's go-ahead. */
export async function safetyClearanceTeamEmail(to: string, input: TeamInput): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<SafetyClearanceTeam {...input} />);
  return { to, subject: SAFETY_CLEARANCE_TEAM_SUBJECT, html, text };
}
