"use client";

import { useEffect } from "react";
import type { Metric } from "web-vitals";
import { postBeacon } from "@/components/api/post-beacon";
import { publicEnv } from "@/lib/public-env";
import { MAX_VITALS_PER_BATCH, VITAL_NAMES, type VitalName } from "@/lib/vitals/web-vitals";

type PendingVital = { name: VitalName; value: number; id: string; page: string };

const isReported = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

function send(batch: PendingVital[]): void {
  postBeacon("/api/vitals", { metrics: batch });
}

/**
 * Reports LCP, INP and CLS from a sample of page loads (NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE) to
 * POST /api/vitals: gathered while the page is open, sent as one batch (a beacon) when it
 * is hidden or left. Only the path of the page the visit landed on goes with them, never the query
 * string. The measuring library is loaded only for a sampled visit, so the others download none of it
 * (its observers read the browser's buffered entries, so loading it after the first paint loses nothing).
 * Renders nothing.
 */
export function WebVitalsReporter() {
  useEffect(() => {
    if (Math.random() >= publicEnv.webVitalsSampleRate) return;
    const page = window.location.pathname;
    const pending: PendingVital[] = [];
    let active = true;

    const flush = () => {
      const batch = pending.splice(0, MAX_VITALS_PER_BATCH);
      if (batch.length > 0) send(batch);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    const report = (metric: Metric) => {
      if (!active || !isReported(metric.name)) return;
      pending.push({ name: metric.name, value: metric.value, id: metric.id, page });
      if (pending.length >= MAX_VITALS_PER_BATCH) flush();
    };

    void import("web-vitals")
      .then(({ onCLS, onINP, onLCP }) => {
        if (!active) return;
        onLCP(report);
        onINP(report);
        onCLS(report);
        // Registered after the library's own listeners, so the final values are in the batch.
        document.addEventListener("visibilitychange", onHidden);
        window.addEventListener("pagehide", flush);
      })
      .catch(() => {});

    return () => {
      active = false;
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", flush);
    };
  }, []);

  return null;
}
