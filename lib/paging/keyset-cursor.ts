import * as z from "zod/mini";

// Keyset paging: a list hands the client the cursor of the last row it shows, and the next page
// starts exactly after that row (a page costs the same on the first page as the thousandth). Every
// list's cursor has one format: a JSON pair of the row's sort value and its id, such as
// ["2026-11-29T10:15:00.123456Z","<uuid>"]. The client only echoes it (a URL's `?after=`, an API
// query's `after`). A time in a cursor keeps the microseconds the database stores, in UTC: a
// JS Date would drop them, and the next page would repeat or skip rows sharing a millisecond.

/** A cursor: the last row's sort value (a time, a count, a position, or null when the id alone orders) and its id. */
export type KeysetCursor = readonly [value: string | number | null, id: string];

/** The longest cursor text read; anything longer is not one a list gave. */
export const MAX_CURSOR_TEXT = 400;

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const SERIAL = /^[1-9][0-9]{0,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Control characters (NUL among them) and halves of a surrogate pair standing alone.
const UNFIT_CHARACTER = /[\p{Cc}\p{Cs}]/u;

/** A row's time as a cursor carries it: to the microsecond, in UTC (2026-11-29T10:15:00.123456Z). */
export function isKeysetTime(value: unknown): value is string {
  return typeof value === "string" && TIME.test(value);
}

/** A row's id as most cursors carry it: a uuid. */
export function isKeysetId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

const cursorText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((text) => !UNFIT_CHARACTER.test(text)),
  );

/** A cursor as a list's JSON answer gives it (the `next` of a page). */
export const keysetCursorSchema = z.readonly(z.tuple([z.union([cursorText(200), z.number(), z.null()]), cursorText(100)]));

/** The cursor's text, as a URL or an API query carries it. */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return JSON.stringify(cursor);
}

/** A cursor from its text; null for anything that is not one (never throws). */
export function decodeKeysetCursor(text: string | null | undefined): KeysetCursor | null {
  if (!text || text.length > MAX_CURSOR_TEXT) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = keysetCursorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A cursor whose value is a row's time (to the microsecond) and whose id is a uuid; null otherwise. */
export function keysetTimeAfter(cursor: KeysetCursor | null): { at: string; id: string } | null {
  if (!cursor) return null;
  const [value, id] = cursor;
  return isKeysetTime(value) && isKeysetId(id) ? { at: value, id } : null;
}

/** A cursor whose value is a whole number (a count, an amount) and whose id is a uuid; null otherwise. */
export function keysetNumberAfter(cursor: KeysetCursor | null): { value: number; id: string } | null {
  if (!cursor) return null;
  const [value, id] = cursor;
  return typeof value === "number" && Number.isSafeInteger(value) && isKeysetId(id) ? { value, id } : null;
}

/** A cursor whose value is a place counted from 1 (a queue number); null otherwise (the id is the row's, not read). */
export function keysetPositionAfter(cursor: KeysetCursor | null): number | null {
  const value = cursor?.[0];
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** A cursor ordered by its id alone, a serial number (bigint, as text); null otherwise. */
export function keysetSerialAfter(cursor: KeysetCursor | null): string | null {
  const id = cursor?.[1];
  return id !== undefined && SERIAL.test(id) ? id : null;
}

/**
 * An API query's `after`: the text of a cursor the list gave, which `fits` accepts for that list
 * (its sort value's kind). Anything else fails validation with `message` (a 422 naming the field).
 */
export function keysetCursorTextSchema(fits: (cursor: KeysetCursor) => boolean, message = "Use the next cursor of the page before.") {
  return z.string().check(
    z.refine((text) => {
      const cursor = decodeKeysetCursor(text);
      return cursor !== null && fits(cursor);
    }, message),
  );
}
