import "server-only";
import type PgBoss from "pg-boss";
import { serverEnv } from "../env";
import { log } from "../log";
import { reportFailedAttempt } from "./job-alerts";
import { startJobEngine } from "./job-engine";
import { JOB_NAMES, JOB_QUEUES, type JobAttempt, type JobHandlers, type JobName, type QueueDefinition } from "./job-queues";
import { JOB_SCHEDULES } from "./job-schedules";
import { registerLocalWorkers } from "./job-workers-wake";

type WorkedJob = { id: string; name: string; data: unknown; retryCount?: number; retryLimit?: number };

async function runJob(handlers: JobHandlers, name: JobName, job: WorkedJob): Promise<void> {
  const retryCount = job.retryCount ?? 0;
  const retryLimit = job.retryLimit ?? JOB_QUEUES[name].retryLimit;
  const attempt: JobAttempt = { id: job.id, retryCount, retryLimit, isLastAttempt: retryCount >= retryLimit };
  const data = typeof job.data === "object" && job.data !== null ? (job.data as Record<string, unknown>) : {};
  try {
    await handlers[name](data, attempt);
  } catch (error) {
    reportFailedAttempt(name, attempt, error);
    throw error;
  }
}

/** How long an outcome the database would not take is tried again (it restarts, fails over)... */
const RECORD_WINDOW_MS = 30_000;
/**
 * ...though no attempt begins this close to the end of the batch's lease: one that waits on a
 * database that does not answer gives up within the engine's 10 s connection timeout, so the
 * outcome lands before the engine could hand the job to another worker.
 */
const RECORD_LEASE_MARGIN_MS = 15_000;
/** The waits between attempts, then a second each: a database back is found within a second. */
const RECORD_DELAYS_MS = [100, 200, 400, 800];

type OutcomeContext = { queue: JobName; jobIds: string[]; outcome: "completed" | "failed" };

/**
 * Records finished jobs as done, or a failed job as failed (retried with backoff by the engine).
 * pg-boss records a batch's outcome itself once the handler returns, but tries once: a database
 * down at that moment left the jobs claimed until their lease lapsed (a minute or two). Here the
 * outcome is tried again on a fresh connection for up to 30 s (never past the lease), so a job
 * whose outcome an outage held up is recorded within a second of the database's return. pg-boss's
 * own completion afterwards finds none of them active and changes nothing.
 */
async function recordOutcome(record: () => Promise<unknown>, context: OutcomeContext, leaseEndsAt: number): Promise<void> {
  const deadline = Math.min(Date.now() + RECORD_WINDOW_MS, leaseEndsAt - RECORD_LEASE_MARGIN_MS);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await record();
      if (attempt > 1) log.info("Job outcome recorded once the database answered", { ...context, attempts: attempt });
      return;
    } catch (error) {
      const delay = RECORD_DELAYS_MS[attempt - 1] ?? 1_000;
      if (Date.now() + delay > deadline) {
        log.error("Job outcome not recorded: the jobs are retried once their lease lapses", { ...context, attempts: attempt, error });
        throw error;
      }
      if (attempt === 1) log.warn("Job outcome not recorded: trying again until the database answers", { ...context, error });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Runs a fetched batch side by side, each job on its own: the ones that succeeded are completed
 * together, each one that failed is failed alone (and so retried alone). If an outcome cannot be
 * recorded this throws, and pg-boss fails every job of the batch not yet completed: each is tried
 * again, which its idempotent handler makes safe, and none is left marked done without being done.
 * If the database refuses that too, the engine reports the error and its worker polls on; the jobs
 * are retried once their lease lapses.
 */
async function runBatch(boss: PgBoss, handlers: JobHandlers, name: JobName, jobs: WorkedJob[]): Promise<void> {
  // The lease began when the batch was fetched, a moment ago.
  const leaseEndsAt = Date.now() + JOB_QUEUES[name].expireInSeconds * 1000;
  const outcomes = await Promise.allSettled(jobs.map((job) => runJob(handlers, name, job)));
  const done = jobs.filter((_, i) => outcomes[i]?.status === "fulfilled").map((job) => job.id);
  const failures = jobs.flatMap((job, i) => {
    const outcome = outcomes[i];
    return outcome?.status === "rejected" ? [{ id: job.id, error: outcome.reason as unknown }] : [];
  });
  const records: Promise<void>[] = failures.map(({ id, error }) =>
    recordOutcome(
      () => boss.fail(name, id, error instanceof Error ? error : { value: String(error) }),
      { queue: name, jobIds: [id], outcome: "failed" },
      leaseEndsAt,
    ),
  );
  if (done.length > 0)
    records.push(recordOutcome(() => boss.complete(name, done), { queue: name, jobIds: done, outcome: "completed" }, leaseEndsAt));
  const recorded = await Promise.allSettled(records);
  const unrecorded = recorded.find((r) => r.status === "rejected");
  if (unrecorded) throw unrecorded.reason;
}

/**
 * D16: runs this process's workers (every queue, JOB_QUEUES' concurrency and batch size each) and the engine's
 * schedule. Any number of processes may run them at once: a job is taken by one worker at a time
 * (SKIP LOCKED) and each schedule tick is queued once. The handlers come from the process that
 * starts the workers (server/jobs/job-registry.ts), so nothing that queues a job imports them.
 */
export async function startJobWorkers(handlers: JobHandlers): Promise<void> {
  const boss = await startJobEngine();
  // The schedule first: it is what needs the database here, so a start that fails on it (and is
  // tried again, see server-process.ts) has no worker running yet.
  for (const { name, cron } of JOB_SCHEDULES) await boss.schedule(name, cron, {}, { tz: "UTC" });
  // A schedule this version no longer has (renamed or removed) stops.
  const scheduled = new Set<string>(JOB_SCHEDULES.map((s) => s.name));
  for (const { name } of await boss.getSchedules()) if (!scheduled.has(name)) await boss.unschedule(name);
  const ids = new Map<JobName, string[]>();
  const pollingIntervalSeconds = serverEnv().JOB_POLL_SECONDS;
  for (const name of JOB_NAMES) {
    const workerIds: string[] = [];
    const definition: QueueDefinition = JOB_QUEUES[name];
    const queuePolling = Math.max(pollingIntervalSeconds, definition.minPollSeconds ?? 0);
    for (let i = 0; i < definition.concurrency; i += 1) {
      // Its id is known once work() returns, which may be after its first job started.
      const worker: { id?: string } = {};
      const options = { batchSize: definition.batchSize ?? 1, includeMetadata: true, pollingIntervalSeconds: queuePolling };
      worker.id = await boss.work(name, options, async (jobs) => {
        try {
          if (jobs.length > 0) await runBatch(boss, handlers, name, jobs);
        } finally {
          // pg-boss 10 waits its polling interval after every fetch, even one that found work: a
          // worker that found jobs looks for the next at once, so a backlog drains at the pace
          // of its jobs rather than one batch per interval.
          if (jobs.length > 0 && worker.id) boss.notifyWorker(worker.id);
        }
      });
      workerIds.push(worker.id);
    }
    ids.set(name, workerIds);
  }
  registerLocalWorkers(boss, ids);
  log.info("Job workers started", { queues: JOB_NAMES.length, schedules: JOB_SCHEDULES.length });
}
