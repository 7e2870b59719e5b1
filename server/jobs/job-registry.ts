import "server-only";
import { sendOutboxEmail } from "../email/outbox-send";
import { numberAllWaitingPledges } from "../campaign/pledge-numbering";
import { foldOrderTotals } from "../operator/orders";
import { processOrderRefund } from "../payments/order-refund-job";
import { processStoredStripeEvent } from "../payments/stripe-webhook";
import { sendStoredTelegramMessage } from "../telegram/telegram-message-job";
import { processStoredTelegramUpdate } from "../telegram/telegram-update-job";
import { runProgrammeRhythm } from "../programme/programme-rhythm";
import { advanceCohortStatuses } from "../scheduled/cohort-status-by-date";
import { releaseLapsedSeatHolds } from "../scheduled/lapsed-seat-holds";
import { passLapsedWaitlistOffers } from "../scheduled/lapsed-waitlist-offers";
import { deleteOrphanedStoryUploads } from "../scheduled/orphaned-story-uploads";
import { pruneOldRecords } from "../scheduled/prune-old-records";
import { checkOrderWithStripe, reconcileWithStripe } from "../scheduled/stripe-reconciliation";
import type { JobHandlers } from "./job-queues";

// D16: what each queue's job does, and through send-email's handler how each kind of email is
// rendered (server/email/outbox-emails.ts). This is where the domains' work is put together for
// the workers: only a process that starts them imports it (instrumentation.ts, scripts/worker.ts).
// The domains queue work by its name and payload (job-queues.ts, email/outbox-kinds.ts) and never
// import what runs it. A handler is idempotent: it may run again after a crash.

export const JOB_HANDLERS: JobHandlers = {
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
  "number-pledges": async () => {
    await numberAllWaitingPledges();
  },
  "fold-order-totals": async () => {
    await foldOrderTotals();
  },
  "stripe-order-check": async (data) => {
    await checkOrderWithStripe(String(data.orderId));
  },
  "programme-rhythm": async () => {
    await runProgrammeRhythm();
  },
};
