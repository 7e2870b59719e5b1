import "server-only";
import type { WaitlistEntry } from "@/lib/operator/waitlist-entry";
import { db } from "../client";
import { keysetAfter, keysetOrder } from "../keyset";
import type { WaitlistState } from "./waitlist";

// D17, Waitlist: what the operators read of the cohorts' queues (their waitlist lists and counts);
// the queue's changes are in waitlist.ts.

/** An entry as the operators' list shows it, numbered by its place in the queue. */
export type WaitlistEntryRow = Omit<WaitlistEntry, "position"> & { queueNumber: number };

/** A page of a cohort's waitlist in queue order, after `afterNumber` (keyset on its queue numbers); `limit` rows at most. */
export async function listCohortWaitlist(cohortId: string, afterNumber: number, limit: number): Promise<WaitlistEntryRow[]> {
  const sql = db();
  const rows = await sql<
    {
      id: string;
      queue_number: number;
      email: string;
      joined_at: Date;
      confirmed_at: Date;
      state: WaitlistState;
      offered_at: Date | null;
      offer_expires_at: Date | null;
      claimed_at: Date | null;
      passed_at: Date | null;
      removed_at: Date | null;
      removed_by_email: string | null;
      removed_reason: string | null;
    }[]
  >`
    select w.id, w.queue_number, w.email, w.joined_at, w.confirmed_at, w.state, w.offered_at, w.offer_expires_at, w.claimed_at, w.passed_at,
      w.removed_at, u.email as removed_by_email, w.removed_reason
    from public.cohort_waitlist w
    left join public.users u on u.id = w.removed_by
    where w.cohort_id = ${cohortId} and ${keysetAfter(sql, "asc", [[sql`w.queue_number`, sql`${afterNumber}`]])}
    order by ${keysetOrder(sql, "asc", [sql`w.queue_number`])}
    limit ${limit}`;
  return rows.map((row) => ({
    id: row.id,
    queueNumber: row.queue_number,
    email: row.email,
    joinedAt: row.joined_at,
    confirmedAt: row.confirmed_at,
    state: row.state,
    offeredAt: row.offered_at,
    offerExpiresAt: row.offer_expires_at,
    claimedAt: row.claimed_at,
    passedAt: row.passed_at,
    removedAt: row.removed_at,
    removedBy: row.removed_by_email,
    removedReason: row.removed_reason,
  }));
}

/** How many addresses wait in each of these cohorts' queues (each counted through its own queue's index). */
export async function countWaiting(cohortIds: readonly string[]): Promise<Map<string, number>> {
  if (cohortIds.length === 0) return new Map();
  const rows = await db()<{ id: string; waiting: number }[]>`
    select c.id, (select count(*)::int from public.cohort_waitlist w where w.cohort_id = c.id and w.state = 'waiting') as waiting
    from unnest(${cohortIds}::uuid[]) as c(id)`;
  return new Map(rows.map((row) => [row.id, row.waiting]));
}
