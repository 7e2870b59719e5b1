import "server-only";
import type { WebVitalsBatch } from "@/lib/vitals/web-vitals-schema";
import { insertWebVitals, pruneWebVitals } from "../db/web-vitals";

/** Reports are kept this long; p75 is read over the last 7 days. */
export const WEB_VITALS_RETENTION_DAYS = 30;

/** POST /api/vitals: keeps a browser's batch of LCP, INP and CLS reports. */
export async function recordWebVitals(batch: WebVitalsBatch): Promise<{ accepted: number }> {
  const accepted = await insertWebVitals(batch.metrics);
  // Roughly one batch in a hundred also clears out old reports.
  if (Math.random() < 0.01) void pruneWebVitals(WEB_VITALS_RETENTION_DAYS).catch(() => {});
  return { accepted };
}
