import * as z from "zod/mini";

// The health checks (D20): a host routes on liveness and readiness; the job engine's health is for
// operators and alerts, so one stopped worker never takes a web instance out of its load balancer.

/** GET /api/health/live: the process answers (nothing else is asked, not even the database). */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** Several pooled connections answered at once, in latencyMs. */
const databaseSchema = z.object({
  status: z.literal("ok"),
  latencyMs: z.int().check(z.nonnegative()),
  connections: z.int().check(z.positive()),
});

/**
 * GET /api/health/ready (and GET /api/health): this instance can serve: its database answers and it
 * is not stopping (503 otherwise, so a load balancer sends its requests elsewhere).
 */
export const readinessSchema = z.object({ status: z.literal("ok"), database: databaseSchema });

/**
 * A job still being retried after failing three times or more in a row. The answer is public (a
 * monitor reads it): its error, which may name a person or an address, is on the operators' Health
 * page and in the "Job needs attention" log line, not here.
 */
const jobNeedingAttentionSchema = z.object({
  queue: z.string(),
  id: z.string(),
  failedAttempts: z.int().check(z.positive()),
  /** When it is tried next; null while an attempt runs. */
  nextAttemptAt: z.nullable(z.iso.datetime()),
});

/**
 * GET /api/health/jobs: the job engine's workers (here or in any worker process) beat
 * heartbeatAgeSeconds ago (503 when stale), and the jobs that need attention: how many, and the
 * most failed of them.
 */
export const jobHealthSchema = z.object({
  status: z.literal("ok"),
  heartbeatAgeSeconds: z.int().check(z.nonnegative()),
  needsAttention: z.object({ count: z.int().check(z.nonnegative()), jobs: z.array(jobNeedingAttentionSchema) }),
});

export type Liveness = z.output<typeof livenessSchema>;
export type Readiness = z.output<typeof readinessSchema>;
export type JobHealth = z.output<typeof jobHealthSchema>;
