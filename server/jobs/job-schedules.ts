import "server-only";
import type { JobName } from "./job-queues";

/** Periodic work (UTC cron): the engine queues each tick once, however many workers run. */
export const JOB_SCHEDULES: { name: JobName; cron: string }[] = [
  { name: "cohort-status", cron: "*/5 * * * *" },
  // Every minute: a lapsed hold goes back to its cohort about when it lapses.
  { name: "lapsed-seat-holds", cron: "* * * * *" },
  // Every minute: a lapsed waitlist offer goes to the next person about when it lapses.
  { name: "lapsed-waitlist-offers", cron: "* * * * *" },
  // Every minute: a programme message goes out within a minute of the member's hour.
  { name: "programme-rhythm", cron: "* * * * *" },
  // Every minute: a confirmed pledge whose confirmer's request ended before its number came gets one.
  { name: "number-pledges", cron: "* * * * *" },
  // Every minute: the order list's totals read the changes not folded yet too, so they are never
  // behind; folding keeps what they read small.
  { name: "fold-order-totals", cron: "* * * * *" },
  { name: "orphaned-story-uploads", cron: "*/30 * * * *" },
  { name: "prune-old-records", cron: "17 * * * *" },
  { name: "stripe-reconciliation", cron: "*/15 * * * *" },
];
