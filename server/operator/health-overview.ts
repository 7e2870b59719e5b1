import "server-only";
import { owedWorkHealthSchema, type OwedWorkHealth } from "@/lib/operator/health-schemas";
import {
  DISAGREEING_ORDERS_SHOWN,
  FAILED_WORK_SHOWN,
  NEEDS_ATTENTION_SHOWN,
  OWED_WORK_KINDS,
  type FailedJob,
  type HealthOverview,
  type JobNeedingAttention,
  type QueueHealth,
  type UnsentEmail,
} from "@/lib/operator/health";
import type { KeysetCursor } from "@/lib/paging/keyset-cursor";
import { jobHeartbeatAgeSeconds } from "../db/operator/health";
import { countUnsentEmails, listUnsentEmails, outboxEmailsByIds } from "../db/operator/health-emails";
import {
  countJobsByState,
  countJobsNeedingAttention,
  emailJobs,
  listFailedJobs,
  listJobsNeedingAttention,
  type AttentionJobRow,
  type EmailJob,
  type FailedJobRow,
} from "../db/operator/health-jobs";
import { listDisagreeingOrders } from "../db/operator/health-orders";
import { countOwedWork, listFailedWork } from "../db/operator/health-owed-work";
import { JOB_NAMES } from "../jobs/job-queues";

// D17, Health: what the page shows, read from the job engine's table, the email outbox, the work
// we owe (the view public.owed_work) and the orders (never from Stripe), each list bounded and paged
// by keyset.

export const FAILED_JOBS_PAGE_SIZE = 25;
export const UNSENT_EMAILS_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job's data as one line ("eventId: evt_…"): this product's jobs carry ids only. */
function describeData(data: Record<string, unknown> | null): string | null {
  if (!data) return null;
  const parts = Object.entries(data).map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(", ").slice(0, 200) : null;
}

const outboxIdOf = (data: Record<string, unknown> | null) =>
  typeof data?.outboxId === "string" && UUID.test(data.outboxId) ? data.outboxId : null;

/** Every queue the product has, with its counts (zero where it has no job in that state). */
export async function queueHealth(): Promise<QueueHealth[]> {
  const counts = await countJobsByState();
  const field = { created: "waiting", retry: "retrying", active: "running", failed: "failed" } as const;
  const byQueue = new Map<string, QueueHealth>();
  for (const queue of JOB_NAMES) byQueue.set(queue, { queue, waiting: 0, retrying: 0, running: 0, failed: 0 });
  for (const { queue, state, count } of counts) {
    const row = byQueue.get(queue);
    if (row) row[field[state]] = count;
  }
  return [...byQueue.values()];
}

/** Emails given up on are listed on their own, with Send again. */
const EMAILS_OUT = { direction: "out", channel: "email" };

/**
 * Every kind of work we owe with its counts (zero where none is queued or failed), known kinds
 * first, and the newest failed items; parsed with the page's shape, so the view's vocabulary is
 * checked where it is read.
 */
export async function owedWorkHealth(): Promise<OwedWorkHealth> {
  const [counts, failed] = await Promise.all([countOwedWork(), listFailedWork(FAILED_WORK_SHOWN)]);
  const same = (a: { direction: string; channel: string }) => (b: { direction: string; channel: string }) =>
    a.direction === b.direction && a.channel === b.channel;
  const known = OWED_WORK_KINDS.map(
    ({ direction, channel }) =>
      counts.find(same({ direction, channel })) ?? { direction, channel, queued: 0, failed: 0, oldestQueuedSeconds: null },
  );
  const others = counts.filter((count) => !OWED_WORK_KINDS.some(same(count)));
  // An item written a moment after this statement's now() (another connection's clock) waited no time.
  const kinds = [...known, ...others].map((kind) => ({
    ...kind,
    oldestQueuedSeconds: kind.oldestQueuedSeconds === null ? null : Math.max(0, kind.oldestQueuedSeconds),
  }));
  const failedCount = counts.filter((count) => !same(count)(EMAILS_OUT)).reduce((sum, count) => sum + count.failed, 0);
  return owedWorkHealthSchema.parse({ kinds, failed, moreFailed: failedCount > failed.length });
}

/** What each job is about: a send-email job's email (its kind and recipient), any other job's data. */
async function subjectsOf(rows: { queue: string; data: Record<string, unknown> | null }[]): Promise<Pick<FailedJob, "email" | "about">[]> {
  const outboxIds = rows.flatMap((row) => (row.queue === "send-email" ? (outboxIdOf(row.data) ?? []) : []));
  const emails = new Map((await outboxEmailsByIds(outboxIds)).map((email) => [email.id, email]));
  return rows.map((row) => {
    const outboxId = row.queue === "send-email" ? outboxIdOf(row.data) : null;
    const email = outboxId ? emails.get(outboxId) : undefined;
    return { email: email ? { kind: email.kind, recipient: email.recipient } : null, about: email ? null : describeData(row.data) };
  });
}

async function failedJobs(rows: FailedJobRow[]): Promise<FailedJob[]> {
  const subjects = await subjectsOf(rows);
  return rows.map((row, i) => ({
    id: row.id,
    queue: row.queue,
    failedAt: row.failedAt,
    attempts: row.attempts,
    error: row.error,
    ...subjects[i]!,
  }));
}

async function jobsNeedingAttention(rows: AttentionJobRow[]): Promise<JobNeedingAttention[]> {
  const subjects = await subjectsOf(rows);
  return rows.map((row, i) => ({
    id: row.id,
    queue: row.queue,
    state: row.state,
    failedAttempts: row.failedAttempts,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt,
    ...subjects[i]!,
  }));
}

const LIVE = new Set<EmailJob["state"]>(["created", "retry", "active"]);

/** The job that decides what happens to an email next: one still to run or running, else its newest failed one. */
function jobOf(jobs: EmailJob[]): UnsentEmail["job"] {
  const live = jobs.find((job) => LIVE.has(job.state));
  const job = live ?? jobs.find((job) => job.state === "failed");
  return job ? { id: job.id, state: job.state } : null;
}

/**
 * The page's data: the workers' heartbeat, queue counts, the jobs that need attention, a page of
 * failed jobs and of unsent emails (each after its own cursor), the work we owe, and the
 * disagreeing orders.
 */
export async function healthOverview(
  options: { jobsAfter?: KeysetCursor | null; emailsAfter?: KeysetCursor | null } = {},
): Promise<HealthOverview> {
  const [heartbeatAgeSeconds, queues, attentionRows, needsAttentionCount, jobRows, emailRows, emailCounts, owedWork, orderRows] =
    await Promise.all([
      jobHeartbeatAgeSeconds(),
      queueHealth(),
      listJobsNeedingAttention(NEEDS_ATTENTION_SHOWN),
      countJobsNeedingAttention(),
      listFailedJobs({ after: options.jobsAfter, limit: FAILED_JOBS_PAGE_SIZE + 1 }),
      listUnsentEmails({ after: options.emailsAfter, limit: UNSENT_EMAILS_PAGE_SIZE + 1 }),
      countUnsentEmails(),
      owedWorkHealth(),
      listDisagreeingOrders(DISAGREEING_ORDERS_SHOWN + 1),
    ]);
  const shown = { pending_too_long: 0, subscription_missing: 0 };
  const orders = orderRows.filter((order) => ++shown[order.problem] <= DISAGREEING_ORDERS_SHOWN);
  const jobPage = jobRows.slice(0, FAILED_JOBS_PAGE_SIZE);
  const emailPage = emailRows.slice(0, UNSENT_EMAILS_PAGE_SIZE);
  const jobsOfEmails = await emailJobs(emailPage.map((email) => email.id));
  const lastJob = jobPage[jobPage.length - 1];
  const lastEmail = emailPage[emailPage.length - 1];
  return {
    heartbeatAgeSeconds,
    queues,
    needsAttention: await jobsNeedingAttention(attentionRows),
    needsAttentionCount,
    failedJobs: await failedJobs(jobPage),
    olderFailedJobs: jobRows.length > FAILED_JOBS_PAGE_SIZE && lastJob ? [lastJob.failedAtExact, lastJob.id] : null,
    emails: emailPage.map((email) => {
      const job = jobOf(jobsOfEmails.filter((j) => j.outboxId === email.id));
      return {
        id: email.id,
        kind: email.kind,
        recipient: email.recipient,
        status: email.status,
        attempts: email.attempts,
        lastError: email.lastError,
        createdAt: email.createdAt,
        lastAttemptAt: email.lastAttemptAt,
        job,
        canResend: job === null || !LIVE.has(job.state),
      };
    }),
    emailCounts,
    olderEmails: emailRows.length > UNSENT_EMAILS_PAGE_SIZE && lastEmail ? [lastEmail.createdAtExact, lastEmail.id] : null,
    owedWork,
    orders,
    moreOrders: orders.length < orderRows.length,
  };
}
