import "server-only";
import { db } from "./client";

export type DatabaseHealth = { ok: true; latencyMs: number } | { ok: false; latencyMs: number };

/** Round-trips a trivial query, bounded by a timeout so a hung database answers "down" quickly. */
export async function checkDatabase(timeoutMs = 2000): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database health check timed out")), timeoutMs);
    });
    await Promise.race([db()`select 1`, timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
