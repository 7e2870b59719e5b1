import "server-only";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import { keysetPositionAfter } from "@/lib/paging/keyset-cursor";
import type { WaitlistEntry, WaitlistRemovalResult } from "@/lib/operator/waitlist-entry";
import type { WaitlistState } from "../db/waitlist/waitlist";
import { lockWaitlistEntry, markEntryRemoved } from "../db/waitlist/waitlist-removal";
import { listCohortWaitlist } from "../db/waitlist/waitlist-lists";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

/**
 * A page of a cohort's waitlist in queue order: the entries after the cursor's position (keyset on
 * the cohort's queue numbers, so any page costs the same), and the next page's cursor if any.
 */
export async function cohortWaitlistPage(cohortId: string, after: ListCursor | null): Promise<ListPage<WaitlistEntry>> {
  const rows = await listCohortWaitlist(cohortId, keysetPositionAfter(after) ?? 0, LIST_PAGE_SIZE + 1);
  const entries: WaitlistEntry[] = rows.map(({ queueNumber, ...row }) => ({ ...row, position: queueNumber }));
  return toListPage(entries, (entry) => [entry.position, entry.id]);
}

/** Why an entry that is no longer waiting cannot be removed, by its state. */
export const NOT_REMOVABLE: Record<Exclude<WaitlistState, "waiting">, string> = {
  offered: "This entry holds an offer now: it can no longer be removed. The offer ends when it is claimed or lapses.",
  claimed: "This entry claimed its place: refund or move the order instead.",
  passed: "This entry's offer lapsed: it is no longer on the waitlist.",
  removed: "This entry was already removed.",
};

/**
 * Takes a waiting entry off its cohort's waitlist with the operator's reason, audited in the same
 * transaction. Under the cohort's lock, so no offer is being made to it at the same moment; an
 * entry holding an offer, or done with, is refused (409).
 */
export async function removeWaitlistEntry(operatorId: string, entryId: string, reason: string): Promise<WaitlistRemovalResult> {
  return operatorChange(operatorId, async (tx) => {
    const entry = await lockWaitlistEntry(tx, entryId);
    if (!entry) throw new ApiError("not_found", "This waitlist entry does not exist.");
    if (entry.state !== "waiting") throw new ApiError("conflict", NOT_REMOVABLE[entry.state]);
    const removedAt = await markEntryRemoved(tx, entryId, operatorId, reason);
    return {
      result: { id: entryId, state: "removed" as const, removedAt: removedAt.toISOString() },
      audit: {
        action: "waitlist.remove",
        subjectType: "waitlist_entry",
        subjectId: entryId,
        before: { state: "waiting", email: entry.email, cohort_id: entry.cohortId, position: entry.queueNumber },
        after: { state: "removed", reason },
      },
    };
  });
}
