import * as z from "zod/mini";

// The operator area's Health section (D17): the job engine's queues, failed jobs, emails not
// sent, the work we owe of every kind and orders that disagree with Stripe, each with the action that repairs it. The routes parse
// their bodies with these schemas and answer in the shapes below.

const uuid = (what: string) => z.uuid({ error: `Give the ${what} as a UUID.` });

/** A queue of the job engine, as the server names it (which ones exist is the server's to say). */
export const jobQueueNameSchema = z
  .string({ error: "Give the queue's name." })
  .check(z.trim(), z.regex(/^[a-z][a-z0-9-]{0,47}$/, "Give the queue's name."));

/** POST /api/operator/jobs/retry: the failed job to try again. */
export const jobRetrySchema = z.object({ queue: jobQueueNameSchema, id: uuid("job's id") });

/** POST /api/operator/emails/resend: the email (its outbox row) to send again. */
export const emailResendSchema = z.object({ outboxId: uuid("email's id") });

/** POST /api/operator/reconciliation: one order checked with Stripe now, or (no orderId) the whole reconciliation run now. */
export const reconciliationRequestSchema = z.object({ orderId: z.optional(uuid("order's id")) });

export type JobRetryRequest = z.output<typeof jobRetrySchema>;

/** A failed job put back in its queue: it runs again at once. */
export const retriedJobSchema = z.object({ queue: z.string(), id: z.string(), state: z.literal("retry") });

/** An email queued again: by its own failed job tried again, or by a new one when none is left. */
export const resentEmailSchema = z.object({ outboxId: z.string(), jobId: z.string(), status: z.literal("queued") });

/** The job that checks with Stripe (one order's, or the whole reconciliation). */
export const reconciliationQueuedSchema = z.object({ jobId: z.string(), orderId: z.nullable(z.string()) });

// Work we owe someone (docs/architecture.md, "Work we owe"): every outbox-like table in one shape,
// read from the view public.owed_work. The server builds the Health page's part with these.
export const owedWorkDirectionSchema = z.enum(["in", "out"]);
export const owedWorkStateSchema = z.enum(["queued", "done", "failed"]);

/** One kind of owed work (a direction and a channel): how much is queued and failed, and how long the oldest queued item has waited. */
export const owedWorkKindSchema = z.object({
  direction: owedWorkDirectionSchema,
  channel: z.string(),
  queued: z.number(),
  failed: z.number(),
  oldestQueuedSeconds: z.nullable(z.number()),
});

/** Work given up on: the last attempt ran out, or the other side refused it for good. */
export const failedWorkSchema = z.object({
  direction: owedWorkDirectionSchema,
  channel: z.string(),
  key: z.string(),
  about: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.date(),
  finishedAt: z.nullable(z.date()),
});

/**
 * Health's owed work: every kind with its counts, the newest failed items of every kind but emails
 * (listed with Send again on their own), and whether more failed than are listed.
 */
export const owedWorkHealthSchema = z.object({
  kinds: z.array(owedWorkKindSchema),
  failed: z.array(failedWorkSchema),
  moreFailed: z.boolean(),
});

export type OwedWorkDirection = z.output<typeof owedWorkDirectionSchema>;
export type OwedWorkState = z.output<typeof owedWorkStateSchema>;
export type OwedWorkKind = z.output<typeof owedWorkKindSchema>;
export type FailedWork = z.output<typeof failedWorkSchema>;
export type OwedWorkHealth = z.output<typeof owedWorkHealthSchema>;
