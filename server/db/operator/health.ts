import "server-only";
import { db, JOB_SCHEMA } from "../client";

export type DatabaseHealth = { ok: boolean; latencyMs: number; connections: number };

/** How many pooled connections the check uses at once: one wedged connection must show. */
const CHECKED_CONNECTIONS = 3;

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Round-trips a trivial query on several pooled connections at once, bounded by a timeout, so a
 * hung database or a pool with dead connections answers "down" quickly.
 */
export async function checkDatabase(timeoutMs = 2000): Promise<DatabaseHealth> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const pool = db();
    await withTimeout(Promise.all(Array.from({ length: CHECKED_CONNECTIONS }, () => pool`select 1`)), timeoutMs, "database health check");
    return { ok: true, latencyMs: latency(), connections: CHECKED_CONNECTIONS };
  } catch {
    return { ok: false, latencyMs: latency(), connections: CHECKED_CONNECTIONS };
  }
}

/**
 * Seconds since the job engine's workers last beat: pg-boss stamps its version row's cron_on (its
 * schedule, every 30 s) and maintained_on (supervision) while an instance running them is alive.
 * Null when none ever ran or the engine is not installed.
 */
export async function jobHeartbeatAgeSeconds(timeoutMs = 2000): Promise<number | null> {
  const query = db()<{ age: number | null }[]>`
    select floor(extract(epoch from now() - greatest(cron_on, maintained_on, monitored_on)))::int as age
    from ${db()(JOB_SCHEMA)}.version`;
  try {
    const [row] = await withTimeout(query, timeoutMs, "job heartbeat check");
    const age = row?.age ?? null;
    // A stamp a moment after this statement's now() (another instance) is a heartbeat just now.
    return age === null ? null : Math.max(0, age);
  } catch {
    return null;
  }
}
