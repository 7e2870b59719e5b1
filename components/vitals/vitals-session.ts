import { onCLS, onINP, onLCP, type Metric } from "web-vitals";
import { postBeacon } from "@/components/api/post-beacon";
import { MAX_VITALS_PER_BATCH, VITAL_NAMES, type VitalName } from "@/lib/vitals/web-vitals";

type PendingVital = { name: VitalName; value: number; id: string; page: string };

const isReported = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

/**
 * Gathers LCP, INP and CLS for the page the visit landed on and sends them to POST /api/vitals as
 * one batch (a beacon) when the page is hidden or left. Returns what stops it. Loaded only for a
 * sampled visit (web-vitals-reporter.tsx), so the others download neither the library nor its schema.
 */
export function startVitalsSession(page: string): () => void {
  const pending: PendingVital[] = [];
  let active = true;

  const flush = () => {
    const batch = pending.splice(0, MAX_VITALS_PER_BATCH);
    if (batch.length > 0) postBeacon("/api/vitals", { metrics: batch });
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  const report = (metric: Metric) => {
    if (!active || !isReported(metric.name)) return;
    pending.push({ name: metric.name, value: metric.value, id: metric.id, page });
    if (pending.length >= MAX_VITALS_PER_BATCH) flush();
  };

  onLCP(report);
  onINP(report);
  onCLS(report);
  // Registered after the library's own listeners, so the final values are in the batch.
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", flush);

  return () => {
    active = false;
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", flush);
  };
}
