"use client";

import { useEffect, useState } from "react";
import { JUST_NOW, LAST_UPDATED_REFRESH_MS, formatLastUpdated } from "@/lib/last-updated";

type Tick = { loadedAt: number; label: string };

/**
 * SPEC §2/§9: 'Last updated: Just now' or 'N minutes ago', re-rendered every 10 s. The minutes are
 * counted on this device's clock from when the data arrived, so a clock that differs from the
 * server's does not skew them; new data (a new `loadedAt`) starts again at 'Just now'.
 */
export function LastUpdated({ loadedAt }: { loadedAt: number }) {
  const [tick, setTick] = useState<Tick>({ loadedAt, label: JUST_NOW });

  useEffect(() => {
    const arrivedAt = Date.now();
    const timer = setInterval(() => setTick({ loadedAt, label: formatLastUpdated(arrivedAt, Date.now()) }), LAST_UPDATED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadedAt]);

  const label = tick.loadedAt === loadedAt ? tick.label : JUST_NOW;
  return (
    <p className="text-sm text-muted-foreground">
      Last updated: <time dateTime={new Date(loadedAt).toISOString()}>{label}</time>
    </p>
  );
}
