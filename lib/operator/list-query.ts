import { decodeKeysetCursor, encodeKeysetCursor, keysetCursorSchema, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import type { SearchParams } from "@/lib/search-params";
import { firstParam } from "@/lib/search-params";

// The operator area's growing lists (orders, pledges, affiliates, ...) are read a page at a time on
// the server: `?q=` filters, `?sort=<column>&dir=asc|desc` orders, and `?after=<cursor>` continues
// after the last row shown (keyset pagination: a page costs the same on the first page as the
// thousandth). The page is rendered on the server; the table in the browser only changes the URL.

export const LIST_PAGE_SIZE = 50;

/** A cursor names the last row shown by its sort value and its id (lib/paging/keyset-cursor.ts). */
export type ListCursor = KeysetCursor;

/** A cursor as a list's JSON answer gives it (the `next` of a page). */
export const listCursorSchema = keysetCursorSchema;

export type ListQuery<TSort extends string> = {
  q: string;
  sort: TSort;
  dir: "asc" | "desc";
  after: ListCursor | null;
};

/** A search text an operator typed: trimmed, at most 200 characters, no control characters. */
function searchText(raw: string | undefined): string {
  if (!raw) return "";
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/[\ud800-\udfff]/g, "")
    .trim()
    .slice(0, 200);
}

/** A cursor as a URL carries it; null for anything else. */
export const parseCursor = (raw: string | undefined): ListCursor | null => decodeKeysetCursor(raw);

/**
 * Reads a list's query from a page's search parameters. Anything unexpected falls back to the
 * list's default rather than failing: a mistyped URL shows the first page, never an error.
 */
export function parseListQuery<TSort extends string>(
  params: SearchParams,
  sorts: readonly [TSort, ...TSort[]],
  defaults: { sort: TSort; dir: "asc" | "desc" },
): ListQuery<TSort> {
  const sortParam = firstParam(params, "sort");
  const sort = (sorts as readonly string[]).includes(sortParam ?? "") ? (sortParam as TSort) : defaults.sort;
  const dirParam = firstParam(params, "dir");
  const dir = dirParam === "asc" || dirParam === "desc" ? dirParam : sort === defaults.sort ? defaults.dir : "asc";
  return { q: searchText(firstParam(params, "q")), sort, dir, after: parseCursor(firstParam(params, "after")) };
}

/**
 * The URL of another page, sort or search of the same list, keeping what does not change. `path`
 * may carry a query of its own (a list's filter, `?show=handled`), kept first.
 */
export function listHref(path: string, query: { q?: string; sort?: string; dir?: string; after?: ListCursor | null }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort) params.set("sort", query.sort);
  if (query.dir) params.set("dir", query.dir);
  if (query.after) params.set("after", encodeKeysetCursor(query.after));
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

/** One page of a list, with the cursor of the page after it (null on the last page). */
export type ListPage<TRow> = { rows: TRow[]; next: ListCursor | null };

/** A page from rows read with `limit LIST_PAGE_SIZE + 1`: the extra row only says a next page exists. */
export function toListPage<TRow>(rows: TRow[], cursorOf: (row: TRow) => ListCursor, pageSize = LIST_PAGE_SIZE): ListPage<TRow> {
  if (rows.length <= pageSize) return { rows, next: null };
  const page = rows.slice(0, pageSize);
  return { rows: page, next: cursorOf(page[page.length - 1]!) };
}
