import { decodeKeysetCursor, isKeysetId, isKeysetTime } from "@/lib/paging/keyset-cursor";
import type { ListCursor } from "./list-query";

// The operator's cohort list, a page at a time by keyset. Its one order: open cohorts
// first, then by start, latest first (a cohort without dates before any dated one), then by id.

export const COHORT_SORTS = ["start"] as const;
export type CohortSort = (typeof COHORT_SORTS)[number];
export const COHORT_LIST_DEFAULTS = { sort: "start", dir: "desc" } as const satisfies { sort: CohortSort; dir: "desc" };

/** Where a cohort stands in the list's order: the cursor's value, such as "open 2027-01-31T00:00:00.000000Z" or "closed undated". */
export type CohortListPosition = { open: boolean; start: string | null };

export function cohortListCursor(position: CohortListPosition, id: string): ListCursor {
  return [`${position.open ? "open" : "closed"} ${position.start ?? "undated"}`, id];
}

/** A cursor from the URL; anything that is not one of ours reads the first page. */
export function parseCohortListCursor(cursor: ListCursor | null): (CohortListPosition & { id: string }) | null {
  if (!cursor || typeof cursor[0] !== "string" || !isKeysetId(cursor[1])) return null;
  const [state, start, ...rest] = cursor[0].split(" ");
  if (rest.length > 0 || (state !== "open" && state !== "closed") || (start !== "undated" && !isKeysetTime(start))) return null;
  return { open: state === "open", start: start === "undated" ? null : start, id: cursor[1] };
}

/** The `after` of GET /api/operator/cohorts, as the `next` of the page before gave it (JSON); null when it is not one. */
export function cohortListCursorFromText(text: string): ListCursor | null {
  const cursor = decodeKeysetCursor(text);
  return parseCohortListCursor(cursor) ? cursor : null;
}
