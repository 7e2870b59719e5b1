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

const COMPLETE_ATTEMPTS = 5;

/**
 * Records a finished job as done. pg-boss 10 does so itself without waiting for it, so a
 * connection dropped at that moment left the job claimed until its lease lapsed (a minute or two)
 * and ended the process on the unhandled rejection: here it is awaited and retried on a fresh
 * connection. pg-boss's own call afterwards finds nothing active and changes nothing.
 */
async function completeJob(boss: PgBoss, name: JobName, id: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.complete(name, id);
      return;
    } catch (error) {
      if (attempt >= COMPLETE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * D16: runs this process's workers (every queue, JOB_QUEUES' concurrency each) and the engine's
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
      worker.id = await boss.work(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: queuePolling }, async ([job]) => {
        try {
          if (job) {
            await runJob(name, job);
            await completeJob(boss, name, job.id);
          }
        } finally {
          // pg-boss 10 waits its polling interval after every fetch, even one that found work: a
          // worker that found a job looks for the next at once, so a backlog drains at the pace
          // of its jobs rather than one job per interval.
          if (job && worker.id) boss.notifyWorker(worker.id);
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
