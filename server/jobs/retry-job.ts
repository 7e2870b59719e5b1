import "server-only";
import type { TransactionSql } from "postgres";
import { z } from "zod";
import { onTransaction } from "./enqueue-job";
import { jobEngine } from "./job-engine";
import type { JobName } from "./job-queues";

const commandResult = z.object({ affected: z.number() });

/**
 * Puts a failed job back in its queue in the caller's transaction, through pg-boss's own retry
 * (its state becomes `retry` and it is allowed one attempt more), so the retry commits (or not)
 * with the change it belongs to. False when the job is not failed (nothing is changed then).
 */
export async function retryFailedJob(tx: TransactionSql, name: JobName, id: string): Promise<boolean> {
  const result = commandResult.parse(await jobEngine().retry(name, id, { db: onTransaction(tx) }));
  return result.affected === 1;
}
