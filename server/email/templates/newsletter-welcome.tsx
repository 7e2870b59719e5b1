import "server-only";
import { site, siteUrl } from "@/lib/site";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

function NewsletterWelcome({ to, howItWorksUrl }: { to: string; howItWorksUrl: string }) {
  return (
    <EmailLayout
      preview="One practical glucose experiment, twice a month."
      heading="Welcome aboard"
      footer={`You receive this because ${to} was entered in the newsletter form on ${site.name}.`}
    >
      <EmailText>
        Thanks for subscribing. About twice a month we send one practical glucose experiment you can try this week, what our cohorts learned
        from their CGMs, and the start dates of new 14-day bootcamps.
      </EmailText>
      <EmailText>No spam and no selling your address. Every email has a way out.</EmailText>
      <EmailButton href={howItWorksUrl}>See how the bootcamp works</EmailButton>
    </EmailLayout>
  );
}

/** The one email a new newsletter subscriber receives. */
export async function newsletterWelcomeEmail(to: string): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<NewsletterWelcome to={to} howItWorksUrl={siteUrl("/how-it-works")} />);
  return { to, subject: `You're on the ${site.name} list`, html, text };
}
