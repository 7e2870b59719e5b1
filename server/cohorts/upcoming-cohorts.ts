import "server-only";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { listUpcomingCohorts } from "../db/cohort-queries";
import { serverEnv } from "../env";

type Entry = { at: number; list: Promise<Cohort[]> };
const entries = new Map<string, Entry>();
// Languages are few; a flood of made-up codes only ever empties the cache, never grows it past this.
const MAX_LANGUAGES = 32;

/**
 * GET /api/cohorts: the public cohort list, read at most once per COHORT_LIST_CACHE_MS (1 s) per
 * language by this instance, however many visitors ask at once. Seat counts shown may be that much
 * behind; the seat itself is always taken by the database at checkout (D3), never from this list.
 */
export function upcomingCohorts(language: string, now = Date.now()): Promise<Cohort[]> {
  const ttl = serverEnv().COHORT_LIST_CACHE_MS;
  if (ttl === 0) return listUpcomingCohorts(language);
  const cached = entries.get(language);
  if (cached && now - cached.at < ttl) return cached.list;
  const list = listUpcomingCohorts(language);
  if (entries.size >= MAX_LANGUAGES) entries.clear();
  entries.set(language, { at: now, list });
  // A failed read is not kept: the next request tries again.
  list.catch(() => {
    if (entries.get(language)?.list === list) entries.delete(language);
  });
  return list;
}
