import "server-only";
import { microCache } from "../cache/micro-cache";
import { getCohort, listUpcomingCohorts } from "../db/cohort-queries";

// Languages are few; cohorts a handful at a time. Anything past these only empties the cache.
const MAX_LANGUAGES = 32;
const MAX_COHORTS = 256;

/**
 * GET /api/cohorts: the public cohort list, read at most once per COHORT_LIST_CACHE_MS (1 s) per
 * language by this instance, however many visitors ask at once. Seat counts shown may be that much
 * behind; the seat itself is always taken by the database at checkout (D3), never from this list.
 */
export const upcomingCohorts = microCache(listUpcomingCohorts, MAX_LANGUAGES);

/** GET /api/cohorts/{id}: one cohort, shared the same way (its seat counts as behind, at most). */
export const publicCohort = microCache(getCohort, MAX_COHORTS);
