import { publicEnv } from "./public-env";

// D11: the site's name, domain and contact details live here and nowhere else.
export const site = {
  name: "Glucose Challenge",
  shortName: "Glucose Challenge",
  tagline: "See what food really does to your glucose in 14 days.",
  description:
    "A 14-day CGM glucose bootcamp (7 days of observing, 7 days of experimenting) with AI-assisted and human coaching, small cohorts and a plan that keeps going after the bootcamp.",
  url: publicEnv.siteUrl,
  domain: "glucosechallenge.app",
  contact: {
    email: "hello@glucosechallenge.app",
    careersEmail: "careers@glucosechallenge.app",
    // The campaign team: partner pledges and contact messages are sent here (D6).
    campaignEmail: "partners@glucosechallenge.app",
    campaignPhone: "+31 20 808 0422",
    location: "Remote-first · Amsterdam, NL",
  },
} as const;

/** Absolute URL on this site for a path such as `/our-team`. */
export function siteUrl(path = "/"): string {
  return new URL(path, site.url).toString();
}
