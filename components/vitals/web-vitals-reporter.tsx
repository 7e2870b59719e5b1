"use client";

import { useEffect, useRef } from "react";
import { useReportWebVitals } from "next/web-vitals";
import { publicEnv } from "@/lib/public-env";
import { MAX_VITALS_PER_BATCH, VITAL_NAMES, type VitalName } from "@/lib/vitals/web-vitals";

type PendingVital = { name: VitalName; value: number; id: string; page: string };

const isReported = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

/** `keepalive` lets the request finish while the page goes away, as a beacon would; nothing is read back. */
function send(batch: PendingVital[]): void {
  void fetch("/api/vitals", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ metrics: batch }),
    keepalive: true,
  }).catch(() => {});
}

/**
 * Reports LCP, INP and CLS from a sample of page loads (NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE) to
 * POST /api/vitals: gathered while the page is open, sent as one batch (a keepalive request) when it is hidden or left.
 * Only the path goes with them, never the query string. Renders nothing.
 */
export function WebVitalsReporter() {
  const sampled = useRef<boolean | null>(null);
  const pending = useRef<PendingVital[]>([]);

  useReportWebVitals((metric) => {
    sampled.current ??= Math.random() < publicEnv.webVitalsSampleRate;
    if (!sampled.current || !isReported(metric.name)) return;
    pending.current.push({ name: metric.name, value: metric.value, id: metric.id, page: window.location.pathname });
    if (pending.current.length >= MAX_VITALS_PER_BATCH) flush();
  });

  function flush() {
    const batch = pending.current.splice(0, MAX_VITALS_PER_BATCH);
    if (batch.length > 0) send(batch);
  }

  useEffect(() => {
    // Registered after the measuring library's own listeners, so the final values are in the batch.
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", flush);
    };
  }, []);

  return null;
}
