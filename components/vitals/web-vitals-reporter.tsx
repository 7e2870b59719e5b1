"use client";

import { useEffect } from "react";
import { publicEnv } from "@/lib/public-env";

/**
 * Reports LCP, INP and CLS from a sample of page loads (NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE) to
 * POST /api/vitals (vitals-session.ts). Only the path of the page the visit landed on goes with
 * them, never the query string. The measuring code is loaded only for a sampled visit, so the
 * others download none of it (its observers read the browser's buffered entries, so loading it
 * after the first paint loses nothing); a failed load is dropped, as the visitor never sees it.
 * Renders nothing.
 */
export function WebVitalsReporter() {
  useEffect(() => {
    if (Math.random() >= publicEnv.webVitalsSampleRate) return;
    const page = window.location.pathname;
    let stop: (() => void) | null = null;
    let active = true;

    void import("./vitals-session")
      .then(({ startVitalsSession }) => {
        if (active) stop = startVitalsSession(page);
      })
      .catch(() => {});

    return () => {
      active = false;
      stop?.();
    };
  }, []);

  return null;
}
