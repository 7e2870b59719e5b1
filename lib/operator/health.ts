// What the operators' Health page shows (D17): the job engine's queues, the jobs that keep
// failing, its failed jobs, the emails not sent and the orders whose state disagrees with Stripe,
// each with its repair.

import type { KeysetCursor } from "@/lib/paging/keyset-cursor";
import type { OwedWorkDirection, OwedWorkHealth } from "./health-schemas";

/** One queue of the job engine: its jobs waiting to run, waiting for a retry, running and failed. */
export type QueueHealth = { queue: string; waiting: number; retrying: number; running: number; failed: number };

/** A job that gave up after its last retry: what it was about, how often it ran and why it failed last. */
export type FailedJob = {
  id: string;
  queue: string;
  failedAt: Date;
  attempts: number;
  error: string | null;
  /** A send-email job's email: its kind and recipient (null when its outbox row is gone). */
  email: { kind: string; recipient: string } | null;
  /** Any other job's data, as its queue keeps it (ids only in this product). */
  about: string | null;
};

/**
 * A job still being retried after failing three times or more in a row (it reaches the failed list
 * only after its last retry, days later): what it is about, how often it failed, why, and when it
 * is tried next (null while it runs).
 */
export type JobNeedingAttention = {
  id: string;
  queue: string;
  state: "retry" | "active";
  failedAttempts: number;
  error: string | null;
  nextAttemptAt: Date | null;
  email: { kind: string; recipient: string } | null;
  about: string | null;
};

/** How many jobs needing attention the page lists, most failed first. */
export const NEEDS_ATTENTION_SHOWN = 25;

export type EmailJobState = "created" | "retry" | "active" | "failed";

/** An email not sent: queued, being retried, or given up on, with its job's state. */
export type UnsentEmail = {
  id: string;
  kind: string;
  recipient: string;
  status: "queued" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  /** Its job still to run or running (it will be sent or given up on by itself), else its failed job, else null. */
  job: { id: string; state: EmailJobState } | null;
  /** No job will try it again by itself: an operator can send it again. */
  canResend: boolean;
};

/**
 * A pending order this many minutes old is past its checkout: Stripe expires a session after 31
 * minutes and its seat hold lapses 5 minutes later (the lapsed-seat-holds job then asks Stripe
 * within a minute), so Stripe has expired it or taken its payment without this database hearing.
 */
export const STALE_PENDING_MINUTES = 45;

/** How many orders of each problem the page shows, longest-standing first. */
export const DISAGREEING_ORDERS_SHOWN = 25;

/** Why an order disagrees with Stripe. */
export type OrderProblem = "pending_too_long" | "subscription_missing";

export type DisagreeingOrder = {
  id: string;
  email: string | null;
  status: string;
  planName: string;
  totalCents: number;
  currency: string;
  since: Date;
  problem: OrderProblem;
};

/**
 * The kinds of work we owe, in the order Health lists them, each shown even when nothing of it is
 * queued or failed. A kind the view has and this list lacks is still shown, after these.
 */
export const OWED_WORK_KINDS: { direction: OwedWorkDirection; channel: string; label: string }[] = [
  { direction: "out", channel: "email", label: "Emails out" },
  { direction: "out", channel: "telegram", label: "Telegram messages out" },
  { direction: "in", channel: "stripe", label: "Stripe events in" },
  { direction: "in", channel: "telegram", label: "Telegram updates in" },
];

/** A kind's name on the page ("Stripe events in"; "sms out" for a kind not in the list). */
export function owedWorkLabel(kind: { direction: OwedWorkDirection; channel: string }): string {
  return (
    OWED_WORK_KINDS.find((k) => k.direction === kind.direction && k.channel === kind.channel)?.label ?? `${kind.channel} ${kind.direction}`
  );
}

/** How long ago, in words: "12 s", "4 min", "3 h". */
export function ageInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3_600)} h`;
}

/** How many failed items (of every kind but emails) the page lists, newest first. */
export const FAILED_WORK_SHOWN = 25;

export type HealthOverview = {
  /** Seconds since the job engine's workers (in any process) last beat; null when none ever did or it could not be read. */
  heartbeatAgeSeconds: number | null;
  queues: QueueHealth[];
  /** The jobs that need attention (at most NEEDS_ATTENTION_SHOWN) and how many there are in all. */
  needsAttention: JobNeedingAttention[];
  needsAttentionCount: number;
  failedJobs: FailedJob[];
  /** The cursor of the next (older) page of failed jobs, if there is one (`?jobs=`). */
  olderFailedJobs: KeysetCursor | null;
  emails: UnsentEmail[];
  emailCounts: { queued: number; failed: number };
  /** The cursor of the next (older) page of unsent emails, if there is one (`?emails=`). */
  olderEmails: KeysetCursor | null;
  /** Work we owe of every kind (emails, Telegram messages, Stripe events, Telegram updates). */
  owedWork: OwedWorkHealth;
  /** The longest-standing orders of each problem (at most DISAGREEING_ORDERS_SHOWN of each). */
  orders: DisagreeingOrder[];
  /** Whether some problem has more orders than are shown. */
  moreOrders: boolean;
};
