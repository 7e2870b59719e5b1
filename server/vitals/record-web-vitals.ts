import "server-only";
import type { WebVitalsBatch } from "@/lib/vitals/web-vitals";
import { insertWebVitals } from "../db/vitals/web-vitals";

/** Reports are kept this long (pruned by server/scheduled/prune-old-records.ts); p75 is read over the last 7 days. */
export const WEB_VITALS_RETENTION_DAYS = 30;

/** POST /api/vitals: keeps a browser's batch of LCP, INP and CLS reports. */
export async function recordWebVitals(batch: WebVitalsBatch): Promise<{ accepted: number }> {
  const accepted = await insertWebVitals(batch.metrics);
  return { accepted };
}
