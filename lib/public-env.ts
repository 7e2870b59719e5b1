// The browser-visible configuration. Each value is a literal `process.env.NEXT_PUBLIC_*` read so
// Next.js can inline it at build time; this is the only module that reads them. Validation is a
// few lines of URL parsing rather than a schema library, because this module ships to every page.
export type PublicEnv = {
  siteUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  promoVideoUrl?: string;
  cgmMarketplaceUrl: string;
  /** `next dev` (pages render per request, React needs eval); false in a build. */
  development: boolean;
};

const DEFAULT_SITE_URL = "http://localhost:3000";
const DEFAULT_SUPABASE_URL = "http://localhost:54321";
// SPEC §2: pricing links out to a marketplace page for buying the CGM. Out of the box that is the
// store of Abbott's Lingo: over-the-counter sensors worn for 14 days, one per bootcamp.
export const DEFAULT_CGM_MARKETPLACE_URL = "https://www.hellolingo.com/";

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
  development: process.env.NODE_ENV === "development",
};
