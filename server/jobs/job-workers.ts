import "server-only";
import type PgBoss from "pg-boss";
import { serverEnv } from "../env";
import { log } from "../log";
import { startJobEngine } from "./job-engine";
import { JOB_HANDLERS, JOB_SCHEDULES, type JobAttempt } from "./job-handlers";
import { JOB_NAMES, JOB_QUEUES, type JobName, type QueueDefinition } from "./job-queues";
import { registerLocalWorkers } from "./job-workers-wake";

type WorkedJob = { id: string; name: string; data: unknown; retryCount?: number; retryLimit?: number };

async function runJob(name: JobName, job: WorkedJob): Promise<void> {
  const retryCount = job.retryCount ?? 0;
  const retryLimit = job.retryLimit ?? JOB_QUEUES[name].retryLimit;
  const attempt: JobAttempt = { id: job.id, retryCount, retryLimit, isLastAttempt: retryCount >= retryLimit };
  const data = typeof job.data === "object" && job.data !== null ? (job.data as Record<string, unknown>) : {};
  try {
    await JOB_HANDLERS[name](data, attempt);
  } catch (error) {
    log.warn("Job failed", { queue: name, jobId: job.id, retryCount, retryLimit, error });
    throw error;
  }
}

const RECORD_ATTEMPTS = 5;

/**
 * Records finished jobs as done, or a failed job as failed (retried with backoff by the engine).
 * pg-boss 10 completes a worker's jobs itself without waiting for it, so a connection dropped at
 * that moment left them claimed until their lease lapsed (a minute or two) and ended the process
 * on the unhandled rejection: here the outcome is awaited and retried on a fresh connection.
 * pg-boss's own completion afterwards finds none of them active and changes nothing.
 */
async function recordOutcome(record: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await record();
      return;
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Runs a fetched batch side by side, each job on its own: the ones that succeeded are completed
 * together, each one that failed is failed alone (and so retried alone). If an outcome cannot be
 * recorded this throws, and pg-boss fails every job of the batch not yet completed: each is tried
 * again, which its idempotent handler makes safe, and none is left marked done without being done.
 */
async function runBatch(boss: PgBoss, name: JobName, jobs: WorkedJob[]): Promise<void> {
  const outcomes = await Promise.allSettled(jobs.map((job) => runJob(name, job)));
  const done = jobs.filter((_, i) => outcomes[i]?.status === "fulfilled").map((job) => job.id);
  const failures = jobs.flatMap((job, i) => {
    const outcome = outcomes[i];
    return outcome?.status === "rejected" ? [{ id: job.id, error: outcome.reason as unknown }] : [];
  });
  const records: Promise<void>[] = failures.map(({ id, error }) => recordOutcome(() => boss.fail(name, id, error instanceof Error ? error : { value: String(error) })));
  if (done.length > 0) records.push(recordOutcome(() => boss.complete(name, done)));
  const recorded = await Promise.allSettled(records);
  const unrecorded = recorded.find((r) => r.status === "rejected");
  if (unrecorded) throw unrecorded.reason;
}

/**
 * D16: runs this process's workers (every queue, JOB_QUEUES' concurrency and batch size each) and the engine's
 * schedule. Any number of processes may run them at once: a job is taken by one worker at a time
 * (SKIP LOCKED) and each schedule tick is queued once.
 */
export async function startJobWorkers(): Promise<void> {
  const boss = await startJobEngine();
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
          if (jobs.length > 0) await runBatch(boss, name, jobs);
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
  for (const { name, cron } of JOB_SCHEDULES) await boss.schedule(name, cron, {}, { tz: "UTC" });
  // A schedule this version no longer has (renamed or removed) stops.
  const scheduled = new Set<string>(JOB_SCHEDULES.map((s) => s.name));
  for (const { name } of await boss.getSchedules()) if (!scheduled.has(name)) await boss.unschedule(name);
  registerLocalWorkers(boss, ids);
  log.info("Job workers started", { queues: JOB_NAMES.length, schedules: JOB_SCHEDULES.length });
}
