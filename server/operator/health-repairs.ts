import "server-only";
import type { TransactionSql } from "postgres";
import type { JobRetryRequest } from "@/lib/operator/health-schemas";
import { lockOutboxEmail, requeueOutboxEmail, type OutboxEmail } from "../db/operator/health-emails";
import { emailJobs, findJob, lockJob, type EmailJob } from "../db/operator/health-jobs";
import { orderStatusOf } from "../db/operator/health-orders";
import { ApiError } from "../http/api-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { JOB_NAMES, type JobName } from "../jobs/job-queues";
import { wakeJobWorkers } from "../jobs/job-workers-wake";
import { retryFailedJob } from "../jobs/retry-job";
import { operatorChange } from "./operator-change";

// D17, Health: the repairs. Each is an operator change (operatorChange): the job it retries or
// queues and its audit entry commit together, or neither does. The job engine does the work.

const STATE_WORDS: Record<string, string> = {
  created: "waiting to run",
  retry: "waiting for its next try",
  active: "running",
  completed: "completed",
  cancelled: "cancelled",
  failed: "failed",
};

const LIVE = new Set<EmailJob["state"]>(["created", "retry", "active"]);

const isJobName = (queue: string): queue is JobName => (JOB_NAMES as string[]).includes(queue);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const JOB_NOT_FOUND = "This job does not exist: finished jobs are kept for a week, then archived.";

/** An email whose job is still to run, or running, is sent or given up on by that job. */
async function assertNoOtherLiveJob(tx: TransactionSql, email: OutboxEmail, exceptJobId?: string): Promise<EmailJob[]> {
  const jobs = await emailJobs([email.id], tx);
  if (jobs.some((job) => job.id !== exceptJobId && LIVE.has(job.state))) {
    throw new ApiError("conflict", "This email is still being tried by its job: it is sent, or given up on, without help.");
  }
  return jobs;
}

async function retryLocked(tx: TransactionSql, queue: JobName, id: string): Promise<void> {
  if (!(await retryFailedJob(tx, queue, id)))
    throw new ApiError("conflict", "This job is no longer failed: only a failed job can be retried.");
}

/**
 * Retry: a failed job goes back to its queue and runs again at once, one attempt more than its
 * queue allows. A send-email job's email is queued again with it. A job that is not failed (it is
 * still to run, running, or done) is refused with 409 and nothing changes.
 */
export async function retryJob(operatorId: string, request: JobRetryRequest): Promise<{ queue: string; id: string; state: "retry" }> {
  const { queue, id } = request;
  if (!isJobName(queue)) {
    throw new ApiError("validation_failed", "There is no such queue.", {
      details: [{ path: "queue", message: "There is no such queue." }],
    });
  }
  const result = await operatorChange(operatorId, async (tx) => {
    // The email's row is locked before its job, the order a resend takes them in.
    const seen = await findJob(tx, queue, id);
    const outboxId =
      queue === "send-email" && typeof seen?.data?.outboxId === "string" && UUID.test(seen.data.outboxId) ? seen.data.outboxId : null;
    const email = outboxId ? await lockOutboxEmail(tx, outboxId) : null;
    const job = await lockJob(tx, queue, id);
    if (!job) throw new ApiError("not_found", JOB_NOT_FOUND);
    if (job.state !== "failed") {
      throw new ApiError("conflict", `This job is ${STATE_WORDS[job.state] ?? job.state}, not failed: only a failed job can be retried.`);
    }
    if (email) {
      await assertNoOtherLiveJob(tx, email, id);
      await requeueOutboxEmail(tx, email.id);
    }
    await retryLocked(tx, queue, id);
    const emailState = (status: string) => (email ? { email_status: status } : {});
    return {
      result: { queue, id, state: "retry" as const },
      audit: {
        action: "job.retry",
        subjectType: "job",
        subjectId: id,
        before: { queue, state: "failed", attempts: job.retryCount + 1, retry_limit: job.retryLimit, ...emailState(email?.status ?? "") },
        after: {
          queue,
          state: "retry",
          attempts: job.retryCount + 1,
          retry_limit: job.retryLimit + 1,
          ...emailState(email?.status === "failed" ? "queued" : (email?.status ?? "")),
        },
      },
    };
  });
  wakeJobWorkers(queue);
  return result;
}

/**
 * Send again: an email not sent that no job will try again by itself is queued again in the operator's
 * transaction (nothing is sent here: the send-email job sends it, D16). Its failed job is retried
 * when the engine still has it (a week), else a new send-email job is queued. Refused with 409 when
 * it was sent, or when its job is still to run or running.
 */
export async function queueUnsentEmailAgain(
  operatorId: string,
  outboxId: string,
): Promise<{ outboxId: string; jobId: string; status: "queued" }> {
  return operatorChange(operatorId, async (tx) => {
    const email = await lockOutboxEmail(tx, outboxId);
    if (!email) throw new ApiError("not_found", "This email does not exist.");
    if (email.status === "sent") throw new ApiError("conflict", "This email has been sent already.");
    const failed = (await assertNoOtherLiveJob(tx, email)).find((job) => job.state === "failed");
    let jobId: string;
    if (failed && (await lockJob(tx, "send-email", failed.id))) {
      await retryLocked(tx, "send-email", failed.id);
      wakeJobWorkers("send-email");
      jobId = failed.id;
    } else {
      jobId = await enqueueJob(tx, "send-email", { outboxId });
    }
    await requeueOutboxEmail(tx, outboxId);
    return {
      result: { outboxId, jobId, status: "queued" as const },
      audit: {
        action: "email.resend",
        subjectType: "email",
        subjectId: outboxId,
        before: { kind: email.kind, status: email.status, attempts: email.attempts },
        after: { kind: email.kind, status: "queued", attempts: email.attempts, job: jobId, job_retried: failed !== undefined },
      },
    };
  });
}

/**
 * Check with Stripe now: one order's check (orderId), or the whole reconciliation run now, queued
 * as a job with its audit entry. The job asks Stripe and repairs what disagrees (reconcileOrder,
 * reconcileWithStripe); its outcome shows on the order and in the job engine's queues.
 */
export async function queueStripeCheck(
  operatorId: string,
  orderId: string | undefined,
): Promise<{ jobId: string; orderId: string | null }> {
  return operatorChange<{ jobId: string; orderId: string | null }>(operatorId, async (tx) => {
    if (!orderId) {
      const jobId = await enqueueJob(tx, "stripe-reconciliation", {});
      return {
        result: { jobId, orderId: null },
        audit: {
          action: "stripe.reconcile",
          subjectType: "job",
          subjectId: jobId,
          before: null,
          after: { queue: "stripe-reconciliation" },
        },
      };
    }
    const status = await orderStatusOf(tx, orderId);
    if (!status) throw new ApiError("not_found", "This order does not exist.");
    const jobId = await enqueueJob(tx, "stripe-order-check", { orderId });
    return {
      result: { jobId, orderId },
      audit: {
        action: "order.stripe_check",
        subjectType: "order",
        subjectId: orderId,
        before: { status },
        after: { status, check_job: jobId },
      },
    };
  });
}
