import "server-only";
import { publicRead } from "../cache/public-read";
import { getCohort, listUpcomingCohorts } from "../db/cohorts/cohort-queries";

/**
 * GET /api/cohorts: the public cohort list, read at most once per PUBLIC_READ_CACHE_MS (1 s) per
 * language by this instance, however many visitors ask at once. Seat counts shown may be that much
 * behind; the seat itself is always taken by the database at checkout (D3), never from this list.
 * Languages are few: past 32 the cache only empties.
 */
export const upcomingCohorts = publicRead(listUpcomingCohorts, 32);

/** GET /api/cohorts/{id}: one cohort, shared the same way (its seat counts as behind, at most); past 256 cohorts the cache empties. */
export const publicCohort = publicRead(getCohort, 256);
