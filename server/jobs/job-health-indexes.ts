import "server-only";
import { db } from "../db/client";
import { log } from "../log";

// The operators' Health page reads the engine's running and failed jobs. pg-boss indexes only
// what it fetches (jobs waiting to run, job_i5: `(name, start_after) WHERE state < 'active'`) and
// its policies' unique keys; running, failed and completed jobs have no index, so counting or
// listing them would read every job the engine keeps (a week of finished ones). These two partial
// indexes hold only running and failed jobs, a handful each, so the page reads just those and
// every other job costs nothing: a job that never fails is never in them. They are made on the
// partitioned table, so each queue's partition has them, a queue created later included (Postgres
// adds a parent's indexes to a partition when it is attached). Made at start, after the engine
// installed or upgraded its schema; a new pg-boss version that rebuilt its table gets them again.

// A third holds the jobs waiting for a retry after failing three times or more in a row (pg-boss's
// retry_count is 2 then, see job-alerts.ts), the ones the page and GET /api/health/jobs say need
// attention: a backlog of jobs waiting to run, however long, is never read for them. Its predicate
// is the literal the query repeats (server/db/operator/health-jobs.ts), or the planner cannot use it.

export const JOB_HEALTH_INDEXES = [
  { name: "job_health_failed_i", definition: "(completed_on, id) WHERE state = 'failed'" },
  { name: "job_health_active_i", definition: "(started_on) WHERE state = 'active'" },
  { name: "job_health_attention_i", definition: "(retry_count, id) WHERE state = 'retry' AND retry_count >= 2" },
] as const;

/** Whether the index exists in the engine's schema. */
async function exists(schema: string, name: string): Promise<boolean> {
  const [row] = await db()<{ found: boolean }[]>`select to_regclass(${`${schema}.${name}`}) is not null as found`;
  return row?.found === true;
}

/**
 * Makes the Health page's indexes when missing. Building one locks the job table against writes
 * until it is built (a partitioned table cannot be indexed concurrently): on a large table that is
 * once, at the first start of this version. It waits at most 5 s for the lock, so a start never
 * queues the app's writes behind a long transaction; without the index the page still works, only
 * reading more, and the next start tries again.
 */
export async function ensureJobHealthIndexes(schema: string): Promise<void> {
  for (const index of JOB_HEALTH_INDEXES) {
    if (await exists(schema, index.name)) continue;
    try {
      await db().begin(async (tx) => {
        await tx`set local lock_timeout = '5s'`;
        await tx.unsafe(`create index if not exists ${index.name} on ${schema}.job ${index.definition}`);
      });
    } catch (error) {
      // Another instance starting at the same moment made it first; anything else is only slower reads.
      if (!(await exists(schema, index.name))) log.warn("Could not make a Health index on the job table", { index: index.name, error });
    }
  }
}
