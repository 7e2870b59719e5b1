import "server-only";
import PgBoss from "pg-boss";
import { databasePoolSize, serverEnv } from "../env";
import { JOB_SCHEMA } from "../db/client";
import { log } from "../log";
import { ensureJobHealthIndexes } from "./job-health-indexes";
import { JOB_NAMES, JOB_QUEUES } from "./job-queues";

// D16: the job engine is pg-boss on the product's own database (its tables live in the schema
// "pgboss", which it installs and upgrades itself). Jobs are queued inside the product's
// transactions (enqueue-job.ts), so a job exists exactly when the change it belongs to committed.

type EngineState = { boss: PgBoss; ready?: Promise<PgBoss> };
const globalForJobs = globalThis as typeof globalThis & { __jobEngine?: EngineState };

function createBoss(): PgBoss {
  const env = serverEnv();
  const options = {
    connectionString: env.DATABASE_URL,
    schema: JOB_SCHEMA,
    // Its own small pool: workers never wait behind requests for a connection, nor requests behind them.
    max: Math.min(4, databasePoolSize(env) + 1),
    application_name: "glucose-challenge-jobs",
    migrate: true,
    // Supervision (failing jobs whose worker died, retrying them) and the schedule run where workers run.
    supervise: env.JOB_WORKERS === "in-process",
    schedule: env.JOB_WORKERS === "in-process",
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_SECONDS,
    // Finished jobs are kept a week for the operators, then archived and deleted by the engine.
    archiveCompletedAfterSeconds: 7 * 86_400,
    deleteAfterDays: 30,
    // Passed on to its pool: a database that does not answer fails a connection attempt in 10 s.
    connectionTimeoutMillis: 10_000,
  };
  const boss = new PgBoss(options);
  boss.on("error", (error) => log.error("Job engine error", { error }));
  return boss;
}

function state(): EngineState {
  globalForJobs.__jobEngine ??= { boss: createBoss() };
  return globalForJobs.__jobEngine;
}

/** The engine, constructed but not necessarily started (enough to queue a job in a transaction). */
export function jobEngine(): PgBoss {
  return state().boss;
}

async function install(boss: PgBoss): Promise<PgBoss> {
  await boss.start();
  const env = serverEnv();
  for (const name of JOB_NAMES) {
    const definition = JOB_QUEUES[name];
    const options = {
      name,
      policy: "standard" as const,
      retryLimit: definition.retryLimit,
      retryDelay: env.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    };
    await ensureQueue(boss, options);
  }
  await ensureJobHealthIndexes(JOB_SCHEMA);
  return boss;
}

/**
 * Creates or updates one queue. Instances starting at once on a fresh database race here: another
 * may create the queue between the check and the creation, or Postgres may end this instance's side
 * of a deadlock between two create_queue calls (each adds a foreign key to pgboss.queue). Either
 * way the next look finds the queue made or the way clear.
 */
export async function ensureQueue(boss: PgBoss, options: Parameters<PgBoss["createQueue"]>[1] & { name: string }): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(options.name)) await boss.updateQueue(options.name, options);
      else await boss.createQueue(options.name, options);
      return;
    } catch (error) {
      const deadlock = (error as { code?: unknown }).code === "40P01";
      if (attempt >= 5 || !(deadlock || (await boss.getQueue(options.name)))) throw error;
      // A moment apart (and at random), so the two instances do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/**
 * Installs (or upgrades) the engine's schema and the product's queues, once per process. Called at
 * start-up, before any request could queue a job.
 */
export function startJobEngine(): Promise<PgBoss> {
  const current = state();
  current.ready ??= install(current.boss).catch(async (error: unknown) => {
    // pg-boss 10 marks an instance as starting before it connects and never clears the mark when
    // the start fails, so its next start() would do nothing: the next start gets a new instance.
    // This one stops what it started, if it got that far (timers, workers, pool); one that failed
    // to connect holds no connection.
    if (globalForJobs.__jobEngine === current) globalForJobs.__jobEngine = undefined;
    await current.boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => {});
    throw error;
  });
  return current.ready;
}

/** Stops the engine's workers and pool (the next call starts a new engine). */
export async function stopJobEngine(options: { graceful?: boolean } = {}): Promise<void> {
  const current = globalForJobs.__jobEngine;
  globalForJobs.__jobEngine = undefined;
  if (!current?.ready) return;
  await current.ready.catch(() => {});
  await current.boss.stop({ graceful: options.graceful ?? true, wait: true, timeout: 10_000 });
}
