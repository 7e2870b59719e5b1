import "server-only";
import { site } from "@/lib/site";
import { OFFER_HOURS } from "@/lib/waitlist/waitlist-schemas";
import { getOfferForEmail } from "../../db/waitlist/waitlist";
import { getCohortSummary } from "../../db/cohorts/cohort-queries";
import { offerUrl, waitlistConfirmationUrl } from "../../waitlist/waitlist-links";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { formatDate, formatDateTime, formatHours } from "../format";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

// D17, Waitlist emails. D18: the first one an address gets is a confirmation with nothing a
// visitor wrote in it (the cohort's name is the operators'); an offer goes only to an address
// that confirmed.

const cohortLabel = (cohort: { name: string; startsAt: Date | null }) =>
  cohort.startsAt ? `${cohort.name} (starting ${formatDate(cohort.startsAt)})` : cohort.name;

function WaitlistConfirmation({ to, cohort, url, hours }: { to: string; cohort: string; url: string; hours: number }) {
  return (
    <EmailLayout
      preview="Please confirm this address to join the waitlist."
      heading="Confirm your place on the waitlist"
      footer={`You receive this because ${to} was entered to join a cohort's waitlist at ${site.name}.`}
    >
      <EmailText>Someone asked to join the waitlist for {cohort} with this email address.</EmailText>
      <EmailText>
        If that was you, confirm your address to take your place in the queue. When a place frees up, we email you a link that holds it for
        you for {formatHours(OFFER_HOURS)}.
      </EmailText>
      <EmailButton href={url}>Confirm my place</EmailButton>
      <EmailText>
        The link works for {hours} hours. If it was not you, ignore this email: nothing happens until the address is confirmed.
      </EmailText>
    </EmailLayout>
  );
}

/** The confirmation a waitlist request sends; the cohort is read when it is sent. */
export async function waitlistConfirmationEmail(p: {
  to: string;
  confirmationId: string;
  cohortId: string;
  hours: number;
}): Promise<EmailMessage> {
  const cohort = await getCohortSummary(p.cohortId);
  const label = cohort ? cohortLabel(cohort) : "a cohort";
  const { html, text } = await renderEmail(
    <WaitlistConfirmation to={p.to} cohort={label} url={waitlistConfirmationUrl(p.confirmationId)} hours={p.hours} />,
  );
  return { to: p.to, subject: "Confirm your place on the waitlist", html, text };
}

function WaitlistOffer({ to, cohort, url, until }: { to: string; cohort: string; url: string; until: string }) {
  return (
    <EmailLayout
      preview={`A place is held for you until ${until}.`}
      heading="A place is free for you"
      footer={`You receive this because ${to} is on the waitlist for ${cohort} at ${site.name}.`}
    >
      <EmailText>Good news: a place in {cohort} is free, and it is yours to take.</EmailText>
      <EmailText>We hold it for you until {until}. After that it passes to the next person on the waitlist.</EmailText>
      <EmailButton href={url}>Claim my place</EmailButton>
      <EmailText>Choose your plan and pay to take the place. The link is for you alone: whoever uses it takes the place.</EmailText>
    </EmailLayout>
  );
}

/** The offer of a freed place, with its claim link; what is held until when is read when it is sent. */
export async function waitlistOfferEmail(p: { to: string; entryId: string }): Promise<EmailMessage> {
  const offer = await getOfferForEmail(p.entryId);
  if (!offer) throw new Error(`Waitlist entry ${p.entryId} has no offer`);
  const cohort = cohortLabel({ name: offer.cohortName, startsAt: offer.startsAt });
  const until = formatDateTime(offer.expiresAt);
  const { html, text } = await renderEmail(<WaitlistOffer to={p.to} cohort={cohort} url={offerUrl(p.entryId)} until={until} />);
  return { to: p.to, subject: `A place in ${offer.cohortName} is held for you`, html, text };
}
