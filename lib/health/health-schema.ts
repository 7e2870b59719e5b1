import * as z from "zod/mini";

/** GET /api/health: what a request needs is up (its answer when it is; 503 otherwise). */
export const healthSchema = z.object({
  status: z.literal("ok"),
  /** Several pooled connections answered at once, in latencyMs. */
  database: z.object({ status: z.literal("ok"), latencyMs: z.int().check(z.nonnegative()), connections: z.int().check(z.positive()) }),
  /** The job engine's workers beat heartbeatAgeSeconds ago. */
  jobs: z.object({ status: z.literal("ok"), heartbeatAgeSeconds: z.int().check(z.nonnegative()) }),
});

export type Health = z.output<typeof healthSchema>;
