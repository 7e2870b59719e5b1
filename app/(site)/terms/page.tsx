import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/lib/page-metadata";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms for joining a ${site.name} bootcamp and coaching plan: what is included, billing and cancellation, cohort changes and the limits of coaching.`,
  path: "/terms",
});

const SECTIONS = [
  {
    heading: "What you are buying",
    paragraphs: [
      "A coaching subscription (Starter every 3 months, Popular every 6 months, Premium every 12 months) that includes a 14-day CGM glucose bootcamp in a cohort, and optionally a CGM device for a one-time $50 fee.",
    ],
  },
  {
    heading: "Not medical advice",
    paragraphs: [
      "Coaching is educational. It does not diagnose or treat any condition and it does not replace your doctor. If you take glucose-lowering medication, talk to your doctor before changing what you eat or how you move.",
    ],
  },
  {
    heading: "Cohorts",
    paragraphs: [
      "You can move to another upcoming cohort with free seats up to 24 hours before your cohort starts. After that your seat is fixed.",
    ],
  },
  {
    heading: "Billing and cancellation",
    paragraphs: [
      "Plans renew at the end of each billing period until you cancel. Cancelling stops the next renewal; you keep access until the period ends. Prices shown include an 8% tax line.",
    ],
  },
  {
    heading: "Affiliates",
    paragraphs: [
      "Signed-in members can share a referral link and coupon code and earn 20% of the amount a referred buyer pays before tax. Commission on a refunded order is reversed. You cannot refer yourself.",
    ],
  },
  {
    heading: "Contact",
    paragraphs: [`Questions about these terms: ${site.contact.email}.`],
  },
] as const;

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="31 July 2025 (version 2025-07-31)"
      intro="The short version: you get a bootcamp, a cohort and coaching; you can change cohorts until a day before the start; coaching is not medical advice."
      sections={SECTIONS}
    />
  );
}
