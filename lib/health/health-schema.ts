import * as z from "zod/mini";

// The health checks (D20): a host routes on liveness and readiness; the job engine's health is for
// operators and alerts, so one stopped worker never takes a web instance out of its load balancer.

/** GET /api/health/live: the process answers (nothing else is asked, not even the database). */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** Several pooled connections answered at once, in latencyMs. */
const databaseSchema = z.object({ status: z.literal("ok"), latencyMs: z.int().check(z.nonnegative()), connections: z.int().check(z.positive()) });

/**
 * GET /api/health/ready (and GET /api/health): this instance can serve: its database answers and it
 * is not stopping (503 otherwise, so a load balancer sends its requests elsewhere).
 */
export const readinessSchema = z.object({ status: z.literal("ok"), database: databaseSchema });

/** GET /api/health/jobs: the job engine's workers (here or in any worker process) beat heartbeatAgeSeconds ago (503 when stale). */
export const jobHealthSchema = z.object({ status: z.literal("ok"), heartbeatAgeSeconds: z.int().check(z.nonnegative()) });

export type Liveness = z.output<typeof livenessSchema>;
export type Readiness = z.output<typeof readinessSchema>;
export type JobHealth = z.output<typeof jobHealthSchema>;
