"use client";

import { useEffect, useState } from "react";
import { announcedPledgeNumber, PLEDGE_TAKEN_EVENT } from "../shared/pledge-events";

/**
 * How many people have really taken the pledge (D6); moves when someone on this page pledges. The
 * server's count may be a second behind, so after pledging here it is at least the visitor's own
 * number (numbers are given in order, none skipped).
 */
export function PledgeCounter() {
  const [pledges, setPledges] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    const atLeast = (count: number) => setPledges((shown) => Math.max(shown ?? 0, count));
    const load = () =>
      void import("../shared/campaign-api")
        .then((api) => api.fetchPledgeCount())
        .then((stats) => live && atLeast(stats.pledges))
        .catch(() => {});
    const pledged = (event: Event) => {
      const pledgeNumber = announcedPledgeNumber(event);
      if (pledgeNumber !== null) atLeast(pledgeNumber);
      load();
    };
    // The call (and the schema it parses with) loads once the page is idle, off the first paint's path.
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 500);
    window.addEventListener(PLEDGE_TAKEN_EVENT, pledged);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      window.removeEventListener(PLEDGE_TAKEN_EVENT, pledged);
    };
  }, []);

  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="pledge-count">
      {pledges === null ? "\u00a0" : `${pledges.toLocaleString("en-US")} ${pledges === 1 ? "person has" : "people have"} taken the pledge`}
    </p>
  );
}
