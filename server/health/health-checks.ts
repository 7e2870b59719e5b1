import "server-only";
import { jobWorkersBeating } from "@/lib/health/job-heartbeat";
import type { JobHealth, Liveness, Readiness } from "@/lib/health/health-schema";
import { checkDatabase, jobHeartbeatAgeSeconds } from "../db/operator/health";
import { countJobsNeedingAttention, listJobsNeedingAttention } from "../db/operator/health-jobs";
import { ApiError } from "../http/api-error";
import { isStopping } from "../process/process-stop";

// D20: the checks a host routes on (liveness, readiness) and the one operators and alerts read (the
// job engine's heartbeat), answered alike by the web server's routes and the worker's health server.

/** The process answers: nothing else is asked, so a slow database never gets a live process restarted. */
export function liveness(): Liveness {
  return { status: "ok" };
}

/** This instance can serve: it is not stopping and its database answers on several connections at once. */
export async function readiness(): Promise<Readiness> {
  if (isStopping()) throw new ApiError("unavailable", "This instance is stopping.");
  const database = await checkDatabase();
  if (!database.ok) throw new ApiError("unavailable", "The database is not reachable.");
  return { status: "ok", database: { status: "ok", latencyMs: database.latencyMs, connections: database.connections } };
}

/** How many of the jobs needing attention the answer names. */
const NEEDS_ATTENTION_NAMED = 10;

/**
 * The job engine's workers (in any process) beat within the last three minutes, and the jobs that
 * need attention: still being retried after failing three times or more in a row (job-alerts.ts).
 * Those leave the answer 200: the workers run, and one job that keeps failing blocks no other.
 */
export async function jobHealth(): Promise<JobHealth> {
  const heartbeatAgeSeconds = await jobHeartbeatAgeSeconds();
  if (!jobWorkersBeating(heartbeatAgeSeconds)) throw new ApiError("unavailable", "The job workers are not running.");
  const [count, jobs] = await Promise.all([countJobsNeedingAttention(), listJobsNeedingAttention(NEEDS_ATTENTION_NAMED)]);
  return {
    status: "ok",
    heartbeatAgeSeconds,
    needsAttention: {
      count,
      jobs: jobs.map((job) => ({
        queue: job.queue,
        id: job.id,
        failedAttempts: job.failedAttempts,
        nextAttemptAt: job.nextAttemptAt?.toISOString() ?? null,
      })),
    },
  };
}
