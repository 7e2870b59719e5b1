// The /magic carousel (eight posts) and the community stories grid (three videos) show the spec's
// samples (SPEC §3 Sample data) until stories are approved. Approved stories take the first places,
// newest approval first, and each one that arrives pushes the last sample out: the count of cards
// never changes, and samples are gone once there are as many stories as places.

/** The approved stories first, then the first samples in the places left, `places` in all. */
export function storiesThenSamples<T>(stories: readonly T[], samples: readonly T[], places: number): T[] {
  const shown = stories.slice(0, places);
  return [...shown, ...samples.slice(0, Math.max(0, places - shown.length))];
}
