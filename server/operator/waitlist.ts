import "server-only";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import type { WaitlistEntry } from "@/lib/operator/waitlist-entry";
import { listCohortWaitlist } from "../db/waitlist-lists";

/**
 * A page of a cohort's waitlist in queue order: the entries after the cursor's position (keyset on
 * the cohort's queue numbers, so any page costs the same), and the next page's cursor if any.
 */
export async function cohortWaitlistPage(cohortId: string, after: ListCursor | null): Promise<ListPage<WaitlistEntry>> {
  const afterPosition = typeof after?.[0] === "number" && Number.isInteger(after[0]) && after[0] > 0 ? after[0] : 0;
  const rows = await listCohortWaitlist(cohortId, afterPosition, LIST_PAGE_SIZE + 1);
  const entries: WaitlistEntry[] = rows.map(({ queueNumber, ...row }) => ({ ...row, position: queueNumber }));
  return toListPage(entries, (entry) => [entry.position, entry.id]);
}
