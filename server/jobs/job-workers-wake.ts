import "server-only";
import type PgBoss from "pg-boss";
import type { JobName } from "./job-queues";

// Workers in this process poll every JOB_POLL_SECONDS; a job queued here wakes them sooner. The
// queuing transaction may not have committed when the first nudge lands, hence a second one.
// Best effort only: polling is what guarantees a job is found.

const globalForWake = globalThis as typeof globalThis & { __jobWorkers?: { boss: PgBoss; ids: Map<JobName, string[]> } };

export function registerLocalWorkers(boss: PgBoss, ids: Map<JobName, string[]>): void {
  globalForWake.__jobWorkers = { boss, ids };
}

export function forgetLocalWorkers(): void {
  globalForWake.__jobWorkers = undefined;
}

const NUDGES_MS = [20, 250];

export function wakeJobWorkers(name: JobName): void {
  const local = globalForWake.__jobWorkers;
  const ids = local?.ids.get(name);
  if (!local || !ids?.length) return;
  for (const delay of NUDGES_MS) {
    setTimeout(() => {
      for (const id of ids) local.boss.notifyWorker(id);
    }, delay).unref();
  }
}
