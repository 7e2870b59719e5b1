import "server-only";

// D16: every kind of durable work is a queue of the job engine. A job is retried with exponential
// backoff (JOB_RETRY_DELAY_SECONDS, doubling with jitter) until it succeeds or its retries run out;
// a job still running after `expireInSeconds` (its worker died or hangs) is failed and retried.

export type QueueDefinition = {
  /** Retries after the first attempt; 12 with a 30 s base span about three days. */
  retryLimit: number;
  /** How long one attempt may run before it counts as failed (longer than the timeouts inside it). */
  expireInSeconds: number;
  /** Workers per process, each fetching `batchSize` jobs at a time. */
  concurrency: number;
  /**
   * Jobs one worker fetches at once and runs side by side (1 unless set): a backlog then costs one
   * fetch and one completion per batch rather than per job. Each job still succeeds or fails alone.
   */
  batchSize?: number;
  /**
   * How often an idle worker of this queue looks for work, at least (JOB_POLL_SECONDS otherwise).
   * Scheduled work comes once a minute at most and nobody waits on it, so it is looked for less often.
   */
  minPollSeconds?: number;
};

const SCHEDULED = { retryLimit: 2, concurrency: 1, minPollSeconds: 15 } as const;

export const JOB_QUEUES = {
  /** An email of the outbox (server/email/outbox.ts). */
  "send-email": { retryLimit: 12, expireInSeconds: 60, concurrency: 2, batchSize: 20 },
  /** A verified Stripe event, stored before it was answered (server/payments/stripe-webhook.ts). */
  "stripe-event": { retryLimit: 12, expireInSeconds: 120, concurrency: 2, batchSize: 20 },
  /** A verified Telegram update, stored before it was answered; done once the bot's reply went out (server/telegram/telegram-update-job.ts). */
  "telegram-update": { retryLimit: 12, expireInSeconds: 60, concurrency: 2 },
  /** An operator's refund, made at Stripe once (server/payments/order-refund-job.ts). */
  "order-refund": { retryLimit: 12, expireInSeconds: 60, concurrency: 1 },
  /** A coach bot message outside a reply, such as a chat told it was unlinked (server/telegram/telegram-message-job.ts). */
  "telegram-message": { retryLimit: 12, expireInSeconds: 60, concurrency: 1, batchSize: 10 },
  /** Scheduled: cohort status follows its dates (server/scheduled/cohort-status-by-date.ts). */
  "cohort-status": { ...SCHEDULED, expireInSeconds: 120 },
  /** Scheduled: lapsed seat holds are fulfilled (paid at Stripe) or released (server/scheduled/lapsed-seat-holds.ts). */
  "lapsed-seat-holds": { ...SCHEDULED, expireInSeconds: 300 },
  /** Scheduled: waitlist offers past their 24 hours pass to the next person (server/scheduled/lapsed-waitlist-offers.ts). */
  "lapsed-waitlist-offers": { ...SCHEDULED, expireInSeconds: 300 },
  /** Scheduled: story uploads no story names are deleted (server/scheduled/orphaned-story-uploads.ts). */
  "orphaned-story-uploads": { ...SCHEDULED, expireInSeconds: 300 },
  /** Scheduled: old events, updates, tokens, rate-limit windows and vitals go (server/scheduled/prune-old-records.ts). */
  "prune-old-records": { ...SCHEDULED, expireInSeconds: 600 },
  /** Scheduled: confirmed pledges still without a number are numbered (numberAllWaitingPledges in server/campaign/pledge-numbering.ts). */
  "number-pledges": { ...SCHEDULED, expireInSeconds: 120 },
  /** Scheduled: the changes orders made go into the order list's per-day totals (foldOrderTotals in server/operator/orders.ts). */
  "fold-order-totals": { ...SCHEDULED, expireInSeconds: 120 },
  /** Scheduled: orders and subscriptions agree with Stripe (server/scheduled/stripe-reconciliation.ts). */
  "stripe-reconciliation": { ...SCHEDULED, expireInSeconds: 600 },
  /** Scheduled: the programme's messages due now, in each member's own time (server/programme/programme-rhythm.ts). */
  "programme-rhythm": { ...SCHEDULED, expireInSeconds: 300 },
  /** An operator's "Check with Stripe now": one order reconciled (reconcileOrder in server/scheduled/stripe-reconciliation.ts). */
  "stripe-order-check": { retryLimit: 4, expireInSeconds: 120, concurrency: 1 },
} as const satisfies Record<string, QueueDefinition>;

export type JobName = keyof typeof JOB_QUEUES;

/**
 * What a job of each queue carries: its payload is stored with the job, so it names the rows the
 * handler reads rather than holding them. Scheduled work carries nothing.
 */
export type JobPayloads = {
  "send-email": { outboxId: string };
  "stripe-event": { eventId: string };
  "telegram-update": { updateId: number };
  "order-refund": { refundId: string };
  "telegram-message": { messageId: string };
  "cohort-status": Record<string, never>;
  "lapsed-seat-holds": Record<string, never>;
  "lapsed-waitlist-offers": Record<string, never>;
  "orphaned-story-uploads": Record<string, never>;
  "prune-old-records": Record<string, never>;
  "stripe-reconciliation": Record<string, never>;
  "number-pledges": Record<string, never>;
  "fold-order-totals": Record<string, never>;
  "stripe-order-check": { orderId: string };
  "programme-rhythm": Record<string, never>;
};

/** What a handler knows of its attempt: the last one may record a permanent failure. */
export type JobAttempt = { id: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };

/** A queue's handler. Its data is what the job row holds, read back untyped: the handler validates it. */
export type JobHandler = (data: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

export type JobHandlers = Record<JobName, JobHandler>;

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];
