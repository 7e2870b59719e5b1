import "server-only";
import { pruneRateLimitHits } from "../db/rate-limits";
import { pruneExpired, RETENTION } from "../db/record-pruning";
import { pruneOldWebVitals } from "../db/vitals/web-vitals";
import { log } from "../log";
import { WEB_VITALS_RETENTION_DAYS } from "../vitals/record-web-vitals";

// D16: records that only matter for a while are deleted on a schedule (their retention is set
// beside each query in server/db), in batches, so no statement holds its locks for long and a
// backlog is worked off over a few runs rather than in one long delete.

const BATCH = 5000;
/** At most this many batches per table and run; what is left waits for the next run. */
const MAX_BATCHES = 20;

/** How many rows of each kind went: one entry per retention rule, plus rate-limit hits and Web Vitals. */
export type PrunedCounts = Record<string, number>;

async function drain(prune: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const deleted = await prune(BATCH);
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}

/** The prune-old-records job: how many rows of each kind went. */
export async function pruneOldRecords(): Promise<PrunedCounts> {
  const counts: PrunedCounts = {};
  for (const [name, rule] of Object.entries(RETENTION)) counts[name] = await drain((limit) => pruneExpired(rule, limit));
  counts.rateLimitHits = await drain(pruneRateLimitHits);
  counts.webVitals = await drain((limit) => pruneOldWebVitals(WEB_VITALS_RETENTION_DAYS, limit));
  if (Object.values(counts).some((count) => count > 0)) log.info("Old records pruned", counts);
  return counts;
}
