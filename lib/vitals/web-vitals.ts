import * as z from "zod/mini";
import { INDEXED_PAGES, PRIVATE_PATHS } from "../public-pages";

// Real-user Web Vitals: the browser reports LCP, INP and CLS of the pages people open, in batches;
// an operator reads p75 per page (npm run vitals).

export const VITAL_NAMES = ["LCP", "INP", "CLS"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const MAX_VITALS_PER_BATCH = 20;

/** web.dev's thresholds: good up to the first, poor above the second. LCP and INP in ms, CLS unitless. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

/** Values beyond these are measurement noise or forgery, not a visit (ms for LCP and INP). */
const VITAL_MAX: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 50 };

/**
 * The route patterns vitals are kept for: the site's pages (lib/public-pages.ts); any other path is
 * kept as "(other)", so nobody can fill the table with made-up pages.
 */
export const VITALS_PAGES: readonly string[] = [
  ...INDEXED_PAGES.map((page) => page.path),
  ...PRIVATE_PATHS.filter((path) => !path.endsWith("/")),
];
export const OTHER_PAGE = "(other)";

/** The page a path belongs to: a known route pattern or "(other)"; never a query string or a token. */
export function vitalsPage(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, "") || "/";
  return VITALS_PAGES.includes(pathname) ? pathname : OTHER_PAGE;
}

export function vitalRating(name: VitalName, value: number): "good" | "needs-improvement" | "poor" {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

const vitalSchema = z
  .object({
    name: z.enum(VITAL_NAMES),
    value: z.number().check(z.nonnegative()),
    /** The measuring library's id for this page load and metric: a replay of it is kept once. */
    id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w.-]+$/)),
    page: z.pipe(z.string().check(z.maxLength(2048)), z.transform(vitalsPage)),
  })
  .check(z.refine((vital) => vital.value <= VITAL_MAX[vital.name], { message: "This value is out of range.", path: ["value"] }));

/** POST /api/vitals */
export const webVitalsBatchSchema = z.object({ metrics: z.array(vitalSchema).check(z.minLength(1), z.maxLength(MAX_VITALS_PER_BATCH)) });
export type WebVitalsBatch = z.output<typeof webVitalsBatchSchema>;
export type WebVital = WebVitalsBatch["metrics"][number];

export const webVitalsAcceptedSchema = z.object({ accepted: z.int().check(z.nonnegative()) });
