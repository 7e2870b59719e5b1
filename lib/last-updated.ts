// SPEC §2 Dashboard and §9: the 'Last updated' line reads 'Just now', then 'N minutes ago', and is
// re-rendered every 10 seconds.
export const LAST_UPDATED_REFRESH_MS = 10_000;
export const JUST_NOW = "Just now";

const MINUTE_MS = 60_000;

/** The 'Last updated' text for data loaded at `loadedAt`, seen at `now` (both epoch milliseconds). */
export function formatLastUpdated(loadedAt: number, now: number): string {
  const elapsed = now - loadedAt;
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return JUST_NOW;
  const minutes = Math.floor(elapsed / MINUTE_MS);
  return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
}
