import "server-only";
import { log } from "../log";

/**
 * Runs `work` on each item in turn; one that fails is logged and does not stop the others. Throws
 * afterwards when any failed, so the job is retried (every step it retries is idempotent).
 */
export async function runEach<T>(items: readonly T[], what: string, work: (item: T) => Promise<void>): Promise<void> {
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      log.warn(`Could not settle a ${what}`, { item, error });
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${items.length} ${what}s could not be settled`);
}
