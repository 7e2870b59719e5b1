import "server-only";
import type { TransactionSql } from "postgres";
import { jobEngine } from "./job-engine";
import type { JobName, JobPayloads } from "./job-queues";
import { wakeJobWorkers } from "./job-workers-wake";

/** Runs the engine's statements on the caller's transaction, so the job commits (or not) with it. */
export function onTransaction(tx: TransactionSql) {
  return {
    executeSql: async (text: string, values: unknown[]) => ({
      // postgres.js refuses undefined; the engine passes it for options left unset.
      rows: [...(await tx.unsafe(text, values.map((value) => (value === undefined ? null : value)) as never[]))],
    }),
  };
}

/**
 * D16: queues a job in the caller's transaction. It runs only if the transaction commits, and at
 * least once then. Throws when the engine's queue does not exist (the engine was never started on
 * this database), which rolls the caller's change back instead of losing its side effect.
 */
export async function enqueueJob<N extends JobName>(
  tx: TransactionSql,
  name: N,
  data: JobPayloads[N],
  options: { startAfter?: Date } = {},
): Promise<string> {
  const id = await jobEngine().send(name, data, {
    db: onTransaction(tx),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
  if (!id) throw new Error(`The job queue "${name}" does not exist: start the job engine (startJobEngine) on this database first`);
  wakeJobWorkers(name);
  return id;
}
