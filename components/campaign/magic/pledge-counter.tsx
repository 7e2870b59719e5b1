"use client";

import { useEffect, useState } from "react";
import { PLEDGE_TAKEN_EVENT } from "../shared/pledge-events";

/** How many people have really taken the pledge (D6); moves when someone on this page pledges. */
export function PledgeCounter() {
  const [pledges, setPledges] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void import("../shared/campaign-api")
        .then((api) => api.fetchPledgeCount())
        .then((stats) => live && setPledges(stats.pledges))
        .catch(() => {});
    load();
    window.addEventListener(PLEDGE_TAKEN_EVENT, load);
    return () => {
      live = false;
      window.removeEventListener(PLEDGE_TAKEN_EVENT, load);
    };
  }, []);

  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="pledge-count">
      {pledges === null ? "\u00a0" : `${pledges.toLocaleString("en-US")} ${pledges === 1 ? "person has" : "people have"} taken the pledge`}
    </p>
  );
}
