// The browser-visible configuration. Each value is a literal `process.env.NEXT_PUBLIC_*` read so
// Next.js can inline it at build time; this is the only module that reads them. Validation is a
// few lines of URL parsing rather than a schema library, because this module ships to every page.
export type PublicEnv = {
  siteUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  promoVideoUrl?: string;
  cgmMarketplaceUrl: string;
  /** The share of page loads that report their Web Vitals, 0 to 1. */
  webVitalsSampleRate: number;
  /** `next dev` (pages render per request, React needs eval); false in a build. */
  development: boolean;
};

// One page load in ten reports its Web Vitals: enough for a p75 per page, light on the database.
export const DEFAULT_WEB_VITALS_SAMPLE_RATE = 0.1;
const DEFAULT_SITE_URL = "http://localhost:3000";
const DEFAULT_SUPABASE_URL = "http://localhost:54321";
// SPEC §2: pricing links out to a marketplace page for buying the CGM. Out of the box that is the
// store of Abbott's Lingo: over-the-counter sensors worn for 14 days, one per bootcamp.
export const DEFAULT_CGM_MARKETPLACE_URL = "https://www.hellolingo.com/";

/** A share from 0 to 1, or the fallback for anything else. */
export function sampleRate(value: string | undefined, fallback: number): number {
  const rate = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : fallback;
}

/** An http(s) URL, or undefined for anything else (empty, malformed, another scheme). */
export function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export const publicEnv: PublicEnv = {
  // A malformed value must not take the site down: it falls back to the default.
  siteUrl: (httpUrl(process.env.NEXT_PUBLIC_SITE_URL) ?? DEFAULT_SITE_URL).replace(/\/$/, ""),
  supabaseUrl: (httpUrl(process.env.NEXT_PUBLIC_SUPABASE_URL) ?? DEFAULT_SUPABASE_URL).replace(/\/$/, ""),
  supabaseAnonKey: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
  promoVideoUrl: httpUrl(process.env.NEXT_PUBLIC_PROMO_VIDEO_URL),
  cgmMarketplaceUrl: httpUrl(process.env.NEXT_PUBLIC_CGM_MARKETPLACE_URL) ?? DEFAULT_CGM_MARKETPLACE_URL,
  webVitalsSampleRate: sampleRate(process.env.NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE, DEFAULT_WEB_VITALS_SAMPLE_RATE),
  development: process.env.NODE_ENV === "development",
};
