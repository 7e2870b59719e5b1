// The browser-visible configuration: this is the only module that reads the NEXT_PUBLIC_* values.
// Validation is a few lines of URL parsing rather than a schema library, because this module ships
// to every page.
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

type PublicEnvSource = Partial<Record<(typeof PUBLIC_ENV_NAMES)[number] | "NODE_ENV", string>>;

/** The names of the browser-visible values: the build inlines them into pages; server processes read them at run time. */
export const PUBLIC_ENV_NAMES = [
  "NEXT_PUBLIC_SITE_URL",
  "NEXT_PUBLIC_SUPABASE_URL",
  "NEXT_PUBLIC_SUPABASE_ANON_KEY",
  "NEXT_PUBLIC_PROMO_VIDEO_URL",
  "NEXT_PUBLIC_CGM_MARKETPLACE_URL",
  "NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE",
] as const;

/** The public configuration from a set of environment values. */
export function readPublicEnv(source: PublicEnvSource): PublicEnv {
  return {
    // A malformed value must not take the site down: it falls back to the default.
    siteUrl: (httpUrl(source.NEXT_PUBLIC_SITE_URL) ?? DEFAULT_SITE_URL).replace(/\/$/, ""),
    supabaseUrl: (httpUrl(source.NEXT_PUBLIC_SUPABASE_URL) ?? DEFAULT_SUPABASE_URL).replace(/\/$/, ""),
    supabaseAnonKey: source.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
    promoVideoUrl: httpUrl(source.NEXT_PUBLIC_PROMO_VIDEO_URL),
    cgmMarketplaceUrl: httpUrl(source.NEXT_PUBLIC_CGM_MARKETPLACE_URL) ?? DEFAULT_CGM_MARKETPLACE_URL,
    webVitalsSampleRate: sampleRate(source.NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE, DEFAULT_WEB_VITALS_SAMPLE_RATE),
    development: source.NODE_ENV === "development",
  };
}

/**
 * The values the build wrote into the pages: each a literal `process.env.NEXT_PUBLIC_*` read, which
 * Next.js replaces with the build's value in every bundle. In a process that is not a Next.js bundle
 * (the worker, the compiled commands, tests) they are read at run time.
 */
export const builtPublicEnv: PublicEnv = readPublicEnv({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL,
  NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  NEXT_PUBLIC_PROMO_VIDEO_URL: process.env.NEXT_PUBLIC_PROMO_VIDEO_URL,
  NEXT_PUBLIC_CGM_MARKETPLACE_URL: process.env.NEXT_PUBLIC_CGM_MARKETPLACE_URL,
  NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE: process.env.NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE,
  NODE_ENV: process.env.NODE_ENV,
});

/**
 * The public configuration: in the browser, what the build wrote into the pages; in the web server
 * (where Next.js sets NEXT_RUNTIME), the process's environment at run time, handed over whole so no
 * bundler inlines it: the same as the worker and every command read it. A web server whose run-time
 * values differ from its build's refuses to start in production (server/env.ts), so a page renders
 * the same on both sides.
 */
export const publicEnv: PublicEnv = process.env.NEXT_RUNTIME ? readPublicEnv(process.env) : builtPublicEnv;
