import "server-only";
import { log } from "../log";
import type { JobAttempt } from "./job-queues";

// D16, D20: a job that keeps failing blocks nothing else, but it is not doing its work. After its
// third failed attempt in a row it needs attention: the Health page and GET /api/health/jobs list it
// while it is still being retried, and this line is the hook an alerting rule matches on.

/** How many failed attempts in a row make a job need attention. */
export const ATTENTION_FAILED_ATTEMPTS = 3;

/** The log line's message, fixed so an alerting rule can match it (docs/architecture.md, Durable work). */
export const JOB_NEEDS_ATTENTION = "Job needs attention";

const MAX_ERROR_LENGTH = 1000;

function describe(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/**
 * Logs a failed attempt: a warning each time, and once per job, when this attempt is its third
 * failure in a row, the error-level line JOB_NEEDS_ATTENTION with its queue, id, attempts and error.
 * pg-boss counts retries from 0 and adds one as it starts each attempt after the first, so the
 * attempt that failed is the (retryCount + 1)th.
 */
export function reportFailedAttempt(queue: string, attempt: JobAttempt, error: unknown): void {
  const attempts = attempt.retryCount + 1;
  log.warn("Job failed", { queue, jobId: attempt.id, retryCount: attempt.retryCount, retryLimit: attempt.retryLimit, error });
  if (attempts === ATTENTION_FAILED_ATTEMPTS)
    log.error(JOB_NEEDS_ATTENTION, { queue, jobId: attempt.id, attempts, error: describe(error) });
}
