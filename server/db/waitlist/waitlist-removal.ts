import "server-only";
import type { TransactionSql } from "postgres";
import type { WaitlistState } from "./waitlist";

// An operator takes a waiting entry off its cohort's waitlist (server/operator/waitlist.ts): the
// entry, locked after its cohort in the queue's one lock order, and its removal.

/** A waitlist entry's cohort and state, locked (after its cohort, in the one lock order); null if there is none. */
export async function lockWaitlistEntry(
  tx: TransactionSql,
  entryId: string,
): Promise<{ id: string; cohortId: string; email: string; queueNumber: number; state: WaitlistState } | null> {
  const [found] = await tx<{ cohort_id: string }[]>`select cohort_id from public.cohort_waitlist where id = ${entryId}`;
  if (!found) return null;
  await tx`select 1 from public.cohorts where id = ${found.cohort_id} for update`;
  const [row] = await tx<{ id: string; cohort_id: string; email: string; queue_number: number; state: WaitlistState }[]>`
    select id, cohort_id, email, queue_number, state from public.cohort_waitlist where id = ${entryId} for update`;
  return row ? { id: row.id, cohortId: row.cohort_id, email: row.email, queueNumber: row.queue_number, state: row.state } : null;
}

/** Takes a waiting entry off its cohort's waitlist, as the operator's decision now, with the reason. */
export async function markEntryRemoved(tx: TransactionSql, entryId: string, operatorId: string, reason: string): Promise<Date> {
  const [row] = await tx<{ removed_at: Date }[]>`
    update public.cohort_waitlist set state = 'removed', removed_at = now(), removed_by = ${operatorId}, removed_reason = ${reason}
    where id = ${entryId} and state = 'waiting'
    returning removed_at`;
  if (!row) throw new Error(`No waiting entry ${entryId} to remove`);
  return row.removed_at;
}
