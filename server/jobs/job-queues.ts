import "server-only";

// D16: every kind of durable work is a queue of the job engine. A job is retried with exponential
// backoff (JOB_RETRY_DELAY_SECONDS, doubling with jitter) until it succeeds or its retries run out;
// a job still running after `expireInSeconds` (its worker died or hangs) is failed and retried.

export type QueueDefinition = {
  /** Retries after the first attempt; 12 with a 30 s base span about three days. */
  retryLimit: number;
  /** How long one attempt may run before it counts as failed (longer than the timeouts inside it). */
  expireInSeconds: number;
  /** Concurrent attempts per worker process. */
  concurrency: number;
};

export const JOB_QUEUES = {
  /** An email of the outbox (server/email/outbox.ts). */
  "send-email": { retryLimit: 12, expireInSeconds: 60, concurrency: 2 },
  /** A verified Stripe event, stored before it was answered (server/payments/stripe-webhook.ts). */
  "stripe-event": { retryLimit: 12, expireInSeconds: 120, concurrency: 2 },
  /** A verified Telegram update, stored before it was answered; done once the bot's reply went out (server/telegram/telegram-update-job.ts). */
  "telegram-update": { retryLimit: 12, expireInSeconds: 60, concurrency: 4 },
  /** Scheduled: cohort status follows its dates (server/maintenance/cohort-status-by-date.ts). */
  "cohort-status": { retryLimit: 2, expireInSeconds: 120, concurrency: 1 },
  /** Scheduled: lapsed seat holds are fulfilled (paid at Stripe) or released (server/maintenance/lapsed-seat-holds.ts). */
  "lapsed-seat-holds": { retryLimit: 2, expireInSeconds: 300, concurrency: 1 },
  /** Scheduled: story uploads no story names are deleted (server/maintenance/orphaned-story-uploads.ts). */
  "orphaned-story-uploads": { retryLimit: 2, expireInSeconds: 300, concurrency: 1 },
  /** Scheduled: old events, updates, tokens, rate-limit windows and vitals go (server/maintenance/prune-old-records.ts). */
  "prune-old-records": { retryLimit: 2, expireInSeconds: 600, concurrency: 1 },
  /** Scheduled: orders and subscriptions agree with Stripe (server/maintenance/stripe-reconciliation.ts). */
  "stripe-reconciliation": { retryLimit: 2, expireInSeconds: 600, concurrency: 1 },
} as const satisfies Record<string, QueueDefinition>;

export type JobName = keyof typeof JOB_QUEUES;

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];
