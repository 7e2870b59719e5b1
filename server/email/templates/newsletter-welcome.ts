import "server-only";
import { site, siteUrl } from "@/lib/site";
import type { EmailMessage } from "../send-email";
import { emailLayout, escapeHtml } from "../html";

/** The one email a new newsletter subscriber receives. */
export function newsletterWelcomeEmail(to: string): EmailMessage {
  const howItWorks = siteUrl("/how-it-works");
  const subject = `You're on the ${site.name} list`;
  const paragraphs = [
    "Thanks for subscribing. About twice a month we send one practical glucose experiment you can try this week, what our cohorts learned from their CGMs, and the start dates of new 14-day bootcamps.",
    "No spam and no selling your address. Every email has a way out.",
  ];
  const bodyHtml = `${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(p)}</p>`).join("")}
<p style="margin:24px 0"><a href="${escapeHtml(howItWorks)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">See how the bootcamp works</a></p>`;
  return {
    to,
    subject,
    html: emailLayout({
      preview: "One practical glucose experiment, twice a month.",
      heading: "Welcome aboard",
      bodyHtml,
      footer: `You receive this because ${to} was entered in the newsletter form on ${site.name}.`,
    }),
    text: `${paragraphs.join("\n\n")}\n\nSee how the bootcamp works: ${howItWorks}\n`,
  };
}
