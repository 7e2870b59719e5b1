"use client";

import { useEffect, useState } from "react";

/**
 * How many people have really taken the pledge (D6): confirmed pledges only, so a pledge made on
 * this page counts once its address confirms it (issue 25), on another page.
 */
export function PledgeCounter() {
  const [pledges, setPledges] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void import("../shared/campaign-api")
        .then((api) => api.fetchPledgeCount())
        .then((stats) => live && setPledges(stats.pledges))
        .catch(() => {});
    // The call (and the schema it parses with) loads once the page is idle, off the first paint's path.
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 500);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="pledge-count">
      {pledges === null ? "\u00a0" : `${pledges.toLocaleString("en-US")} ${pledges === 1 ? "person has" : "people have"} taken the pledge`}
    </p>
  );
}
