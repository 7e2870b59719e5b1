import "server-only";
import { sendOutboxEmail } from "../email/outbox";
import { processOrderRefund } from "../payments/order-refund-job";
import { processStoredStripeEvent } from "../payments/stripe-webhook";
import { sendStoredTelegramMessage } from "../telegram/telegram-message-job";
import { processStoredTelegramUpdate } from "../telegram/telegram-update-job";
import { advanceCohortStatuses } from "../maintenance/cohort-status-by-date";
import { releaseLapsedSeatHolds } from "../maintenance/lapsed-seat-holds";
import { passLapsedWaitlistOffers } from "../maintenance/lapsed-waitlist-offers";
import { deleteOrphanedStoryUploads } from "../maintenance/orphaned-story-uploads";
import { pruneOldRecords } from "../maintenance/prune-old-records";
import { checkOrderWithStripe, reconcileWithStripe } from "../maintenance/stripe-reconciliation";
import type { JobName } from "./job-queues";

/** What a handler knows of its attempt: the last one may record a permanent failure. */
export type JobAttempt = { id: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };

export type JobHandler = (data: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

/** D16: what each queue's job does. A handler is idempotent: it may run again after a crash. */
export const JOB_HANDLERS: Record<JobName, JobHandler> = {
  "send-email": (data, attempt) => sendOutboxEmail(String(data.outboxId), attempt),
  "stripe-event": (data, attempt) => processStoredStripeEvent(String(data.eventId), attempt),
  "order-refund": (data, attempt) => processOrderRefund(String(data.refundId), attempt),
  "telegram-update": (data, attempt) => processStoredTelegramUpdate(Number(data.updateId), attempt),
  "telegram-message": (data, attempt) => sendStoredTelegramMessage(String(data.messageId), attempt),
  "cohort-status": async () => {
    await advanceCohortStatuses();
  },
  "lapsed-seat-holds": async () => {
    await releaseLapsedSeatHolds();
  },
  "lapsed-waitlist-offers": async () => {
    await passLapsedWaitlistOffers();
  },
  "orphaned-story-uploads": async () => {
    await deleteOrphanedStoryUploads();
  },
  "prune-old-records": async () => {
    await pruneOldRecords();
  },
  "stripe-reconciliation": async () => {
    await reconcileWithStripe();
  },
  "stripe-order-check": async (data) => {
    await checkOrderWithStripe(String(data.orderId));
  },
};

/** Periodic work (UTC cron): the engine queues each tick once, however many workers run. */
export const JOB_SCHEDULES: { name: JobName; cron: string }[] = [
  { name: "cohort-status", cron: "*/5 * * * *" },
  // Every minute: a lapsed hold goes back to its cohort about when it lapses.
  { name: "lapsed-seat-holds", cron: "* * * * *" },
  // Every minute: a lapsed waitlist offer goes to the next person about when it lapses.
  { name: "lapsed-waitlist-offers", cron: "* * * * *" },
  { name: "orphaned-story-uploads", cron: "*/30 * * * *" },
  { name: "prune-old-records", cron: "17 * * * *" },
  { name: "stripe-reconciliation", cron: "*/15 * * * *" },
];
