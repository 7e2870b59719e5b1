import { parseCursor, type ListCursor } from "./list-query";

// The operator's cohort list, a page at a time by keyset. Its one order: open cohorts
// first, then by start, latest first (a cohort without dates before any dated one), then by id.

export const COHORT_SORTS = ["start"] as const;
export type CohortSort = (typeof COHORT_SORTS)[number];
export const COHORT_LIST_DEFAULTS = { sort: "start", dir: "desc" } as const satisfies { sort: CohortSort; dir: "desc" };

/** Where a cohort stands in the list's order: the cursor's value, such as "open 2027-01-31T00:00:00.000000Z" or "closed undated". */
export type CohortListPosition = { open: boolean; start: string | null };

const POSITION = /^(open|closed) (undated|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function cohortListCursor(position: CohortListPosition, id: string): ListCursor {
  return [`${position.open ? "open" : "closed"} ${position.start ?? "undated"}`, id];
}

/** A cursor from the URL; anything that is not one of ours reads the first page. */
export function parseCohortListCursor(cursor: ListCursor | null): (CohortListPosition & { id: string }) | null {
  if (!cursor || typeof cursor[0] !== "string" || !ID.test(cursor[1])) return null;
  const match = POSITION.exec(cursor[0]);
  if (!match) return null;
  return { open: match[1] === "open", start: match[2] === "undated" ? null : match[2]!, id: cursor[1] };
}

/** The `after` of GET /api/operator/cohorts, as the `next` of the page before gave it (JSON); null when it is not one. */
export function cohortListCursorFromText(text: string): ListCursor | null {
  const cursor = parseCursor(text);
  return parseCohortListCursor(cursor) ? cursor : null;
}
