import { site } from "@/lib/site";

export type EmploymentType = "Full-time" | "Part-time" | "Contract";

export type OpenPosition = {
  /** Stable anchor id, e.g. for linking a posting directly. */
  id: string;
  title: string;
  type: EmploymentType;
  location: string;
  description: string;
  responsibilities: readonly string[];
};

export const OPEN_POSITIONS: readonly OpenPosition[] = [
  {
    id: "health-coach",
    title: "Health Coach, CGM Cohorts",
    type: "Part-time",
    location: "Remote (European time zones)",
    description:
      "Lead small cohorts through the 14-day bootcamp alongside our Master Coaches. You are a registered dietitian, diabetes educator or similarly qualified professional who enjoys helping people read their own glucose data.",
    responsibilities: [
      "Host the weekly group call for each cohort you lead",
      "Answer the questions our AI coach hands over to a human, within one working day",
      "Hold private 1 on 1 sessions for Popular and Premium members",
      "Feed what you hear back into our coaching guides",
    ],
  },
  {
    id: "full-stack-engineer",
    title: "Senior Full-Stack Engineer",
    type: "Full-time",
    location: "Remote",
    description:
      "Build the website, dashboard and Telegram coach bot that our participants use every day. We work in TypeScript with Next.js and Postgres, and we ship small changes often.",
    responsibilities: [
      "Own features end to end, from the database migration to the page",
      "Keep health data private: access rules, encryption and careful logging",
      "Improve the coach bot's conversations together with the coaching team",
      "Review code and help set engineering practice for a growing team",
    ],
  },
  {
    id: "partnerships-manager",
    title: "Community & Partnerships Manager",
    type: "Contract",
    location: "Amsterdam, NL (hybrid)",
    description:
      "Grow the million-person glucose awareness campaign. You will find partner organisations, support our affiliates and help participants share their stories.",
    responsibilities: [
      "Recruit and onboard partners from healthcare, education and workplaces",
      "Support affiliates with materials that explain the programme honestly",
      "Plan campaign moments with partners and measure what they achieve",
    ],
  },
];

/** The Apply Now target: an email to the careers inbox with the role as the subject. */
export function applicationMailto(position: OpenPosition): string {
  return `mailto:${site.contact.careersEmail}?subject=${encodeURIComponent(`Application: ${position.title}`)}`;
}
