import "server-only";
import { sendOutboxEmail } from "../email/outbox";
import { processStoredStripeEvent } from "../payments/stripe-webhook";
import type { JobName } from "./job-queues";

/** What a handler knows of its attempt: the last one may record a permanent failure. */
export type JobAttempt = { id: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };

export type JobHandler = (data: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

/** D16: what each queue's job does. A handler is idempotent: it may run again after a crash. */
export const JOB_HANDLERS: Record<JobName, JobHandler> = {
  "send-email": (data, attempt) => sendOutboxEmail(String(data.outboxId), attempt),
  "stripe-event": (data, attempt) => processStoredStripeEvent(String(data.eventId), attempt),
};

/** Periodic work (UTC cron): the engine queues each tick once, however many workers run. */
export const JOB_SCHEDULES: { name: JobName; cron: string }[] = [];
