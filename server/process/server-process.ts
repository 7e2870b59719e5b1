import "server-only";
import { serverEnv } from "../env";
import { log } from "../log";
import { installProcessStop, isStopping } from "./process-stop";
import { requestsQuiet, watchRequests } from "./request-quiet";
import { startJobEngine, stopJobEngine } from "../jobs/job-engine";
import type { JobHandlers } from "../jobs/job-queues";
import { startJobWorkers } from "../jobs/job-workers";

const globalForProcess = globalThis as typeof globalThis & { __serverProcessStarted?: boolean };

export type ServerProcessOptions = {
  /** What each queue's job does (server/jobs/job-registry.ts), run here when this process works jobs. */
  jobHandlers: JobHandlers;
  /** The web server: a stop waits for requests to stop coming (at most 10 s) before Next closes the listener. */
  servesRequests?: boolean;
  /** What the process closes itself before it exits when no earlier signal handler ends it (the worker's health server). */
  close?: () => Promise<void>;
  /**
   * The worker: a start that fails (its database not reachable yet) is logged and tried again,
   * waiting longer each time up to 5 s, until it succeeds or the process stops, rather than ending
   * the process.
   */
  retryStart?: boolean;
};

/** A stop closes the listener once no request came for this long (a balancer has taken the instance out)... */
const QUIET_MS = 1_000;
/** ...or after this long, if requests keep coming. */
const DRAIN_MAX_MS = 10_000;

/** The first wait between start attempts, doubled each time... */
const START_RETRY_FIRST_MS = 500;
/** ...up to this, so a database that is back is found within a few seconds. */
const START_RETRY_MAX_MS = 5_000;

async function startRetrying(start: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; !isStopping(); attempt += 1) {
    try {
      await start();
      return;
    } catch (error) {
      if (isStopping()) return;
      const retryInMs = Math.min(START_RETRY_MAX_MS, START_RETRY_FIRST_MS * 2 ** (attempt - 1));
      log.warn("The job workers could not start: trying again", { attempt, retryInMs, error });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}

/**
 * What every server process does once at start: an uncaught exception ends the process (its host
 * restarts it) rather than leaving it running with a broken connection pool; the job engine is
 * installed before any request could queue a job (the worker process waits for a database not
 * reachable yet, retryStart); its workers run here unless JOB_WORKERS=off; SIGTERM and SIGINT stop
 * it without cutting work (process-stop.ts): readiness answers 503, running jobs finish (up to
 * 10 s) while the web server answers until requests stop coming, then it stops accepting, finishes
 * the requests in flight, and the process ends.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<void> {
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
  if (options.servesRequests) watchRequests();
  installProcessStop({
    finishWork: () => stopJobEngine({ graceful: true }),
    drain: options.servesRequests ? () => requestsQuiet({ quietMs: QUIET_MS, maxMs: DRAIN_MAX_MS }) : undefined,
    close: options.close,
    say: (level, message, fields) => log[level](message, fields),
  });
  const start = serverEnv().JOB_WORKERS === "in-process" ? () => startJobWorkers(options.jobHandlers) : startJobEngine;
  if (options.retryStart) await startRetrying(start);
  else await start();
}
