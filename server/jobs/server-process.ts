import "server-only";
import { serverEnv } from "../env";
import { log } from "../log";
import { startJobEngine, stopJobEngine } from "./job-engine";
import { startJobWorkers } from "./job-workers";

const globalForProcess = globalThis as typeof globalThis & { __serverProcessStarted?: boolean };

/**
 * What every server process does once at start: an uncaught exception ends the process (its host
 * restarts it) rather than leaving it running with a broken connection pool; the job engine is
 * installed before any request could queue a job; its workers run here unless JOB_WORKERS=off;
 * SIGTERM lets running jobs finish (up to 10 s) before the process ends.
 */
export async function startServerProcess(): Promise<void> {
  if (globalForProcess.__serverProcessStarted) return;
  globalForProcess.__serverProcessStarted = true;
  let ending = false;
  process.on("uncaughtException", (error) => {
    log.error("Uncaught exception: the process ends so its host starts a fresh one", { error });
    if (ending) return;
    ending = true;
    // The jobs this process holds are handed back first (failed, so any instance retries them at
    // once) rather than left claimed until their lease lapses; at most 5 s, then the process ends.
    const exit = () => process.exit(1);
    setTimeout(exit, 5_000).unref();
    void stopJobEngine({ graceful: false }).finally(exit);
  });
  process.once("SIGTERM", () => {
    void stopJobEngine({ graceful: true }).finally(() => process.exit(0));
  });
  if (serverEnv().JOB_WORKERS === "in-process") await startJobWorkers();
  else await startJobEngine();
}
