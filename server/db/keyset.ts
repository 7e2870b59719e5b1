import "server-only";
import type { PendingQuery, Row } from "postgres";
import type { Executor } from "./client";

// Keyset paging in SQL (the cursor itself: lib/paging/keyset-cursor.ts). A list is ordered by its
// keys, the last of them unique (the id), all in one direction; a page is the rows after the
// cursor's row in that order, found by comparing the keys as a row: (created_at, id) < (…, …)
// newest first, > oldest first. Each list has an index in that order, so every page costs the same.

type Fragment = PendingQuery<Row[]>;

export type KeysetDirection = "asc" | "desc";

/** One key of a list's order: its column (or expression), and the cursor row's value of it. */
export type KeysetKey = readonly [column: Fragment, value: Fragment];

const list = (sql: Executor, fragments: readonly Fragment[]): Fragment => fragments.reduce((all, fragment) => sql`${all}, ${fragment}`);

/** The rows after the cursor's in the list's order. */
export function keysetAfter(sql: Executor, dir: KeysetDirection, keys: readonly [KeysetKey, ...KeysetKey[]]): Fragment {
  const columns = list(
    sql,
    keys.map(([column]) => column),
  );
  const values = list(
    sql,
    keys.map(([, value]) => value),
  );
  return dir === "desc" ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}

/** The list's order: every key in the one direction (`order by ${keysetOrder(...)}`). */
export function keysetOrder(sql: Executor, dir: KeysetDirection, columns: readonly [Fragment, ...Fragment[]]): Fragment {
  return list(
    sql,
    columns.map((column) => (dir === "desc" ? sql`${column} desc` : sql`${column} asc`)),
  );
}

/**
 * A cursor's time as the database compares it. It is sent as text and read there, so it keeps its
 * microseconds: a parameter the database takes for a timestamptz the driver sends through a JS Date.
 */
export const keysetTime = (sql: Executor, at: string): Fragment => sql`${at}::text::timestamptz`;

/** A cursor's id as the database compares it. */
export const keysetId = (sql: Executor, id: string): Fragment => sql`${id}::uuid`;

/** A timestamptz column as a cursor carries it: to the microsecond, in UTC (isKeysetTime). */
export const keysetTimeText = (sql: Executor, column: Fragment): Fragment =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
