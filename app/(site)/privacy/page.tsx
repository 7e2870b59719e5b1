import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/lib/page-metadata";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Privacy Policy",
  description: `How ${site.name} handles your email, payment details, questionnaire answers and glucose data, who sees them, and how to have them deleted.`,
  path: "/privacy",
});

const SECTIONS = [
  {
    heading: "What we collect",
    paragraphs: [
      "Your email address when you subscribe, enrol or create an account; the answers you give in the questionnaire and the enrolment form (CGM experience, dietary restrictions, medical conditions); the cohort you choose; and, if you link it, your Telegram id and username.",
      "Card payments are handled by our payment provider. We never see or store your card number; we keep the order, the plan and the amount.",
    ],
  },
  {
    heading: "Why we use it",
    paragraphs: [
      "To run your bootcamp and coaching: placing you in a cohort, letting your coaches read what you shared, sending the emails you asked for, and paying affiliate commissions on referred orders.",
      "We do not sell your data and we do not use your health information for advertising.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      "Account and order data for as long as you have an account and as long as tax law requires for invoices. Newsletter addresses until you unsubscribe.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      `You can ask for a copy of your data, its correction or its deletion at any time by writing to ${site.contact.email}. We answer within 30 days.`,
    ],
  },
] as const;

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="31 July 2025"
      intro="We ask for as little as we need to coach you well, and we tell you exactly what that is."
      sections={SECTIONS}
    />
  );
}
