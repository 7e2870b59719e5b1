// What the browser's Web Vitals reporter needs, without the request schema: this ships on every page,
// so it must not pull in zod.
export const VITAL_NAMES = ["LCP", "INP", "CLS"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const MAX_VITALS_PER_BATCH = 20;
