import * as z from "zod/mini";

// The operator area's Health section (D17): the job engine's queues, failed jobs, emails not
// sent and orders that disagree with Stripe, each with the action that repairs it. The routes parse
// their bodies with these schemas and answer in the shapes below; the page reads its cursors here.

const uuid = (what: string) => z.uuid({ error: `Give the ${what} as a UUID.` });

/** A queue of the job engine, as the server names it (which ones exist is the server's to say). */
export const jobQueueNameSchema = z.string({ error: "Give the queue's name." }).check(z.trim(), z.regex(/^[a-z][a-z0-9-]{0,47}$/, "Give the queue's name."));

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

// Keyset cursors: a row's time to the microsecond (as the database keeps it) and its id, so a page
// starts exactly after the last row of the one before, however many rows share a moment.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export type HealthCursor = { at: string; id: string };

/** A `?jobs=` / `?emails=` cursor as the page's links carry it; anything else is the first page. */
export function parseHealthCursor(value: unknown): HealthCursor | undefined {
  if (typeof value !== "string") return undefined;
  const match = CURSOR.exec(value);
  return match ? { at: match[1]!, id: match[2]! } : undefined;
}

export function formatHealthCursor(cursor: HealthCursor): string {
  return `${cursor.at}_${cursor.id}`;
}
