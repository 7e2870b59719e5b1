import { describe, expect, it } from "vitest";
import { cohortListCursor, cohortListCursorFromText, parseCohortListCursor } from "@/lib/operator/cohort-list";
import { listHref, parseCursor } from "@/lib/operator/list-query";
import { operatorCohortListQuerySchema } from "@/lib/operator/operator-cohort-schemas";
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  isKeysetTime,
  keysetCursorSchema,
  keysetNumberAfter,
  keysetPositionAfter,
  keysetSerialAfter,
  keysetTimeAfter,
  MAX_CURSOR_TEXT,
  type KeysetCursor,
} from "@/lib/paging/keyset-cursor";

const ID = "0b9a6f3e-5c1d-4e8f-9a2b-3c4d5e6f7a8b";
const AT = "2026-11-29T10:15:00.123456Z";

describe("a keyset cursor", () => {
  it("comes back as it was given, whatever its value", () => {
    const cursors: KeysetCursor[] = [
      [AT, ID],
      [1234, ID],
      [0, ID],
      [null, "91"],
      ["open 2027-01-31T00:00:00.000000Z", ID],
      ["closed undated", ID],
      ["é 🙂", ID],
    ];
    for (const cursor of cursors) expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
  });

  it("keeps a time to the microsecond", () => {
    const text = encodeKeysetCursor(["2026-11-29T10:15:00.000001Z", ID]);
    expect(keysetTimeAfter(decodeKeysetCursor(text))).toEqual({ at: "2026-11-29T10:15:00.000001Z", id: ID });
    expect(keysetTimeAfter(decodeKeysetCursor(encodeKeysetCursor(["2026-11-29T10:15:00.999999Z", ID])))!.at).toBe(
      "2026-11-29T10:15:00.999999Z",
    );
  });

  it("is the JSON pair the operator area's URLs carry", () => {
    expect(encodeKeysetCursor([AT, ID])).toBe(`["${AT}","${ID}"]`);
    expect(listHref("/operator/orders", { after: [12, ID] })).toBe(`/operator/orders?after=${encodeURIComponent(`[12,"${ID}"]`)}`);
    expect(parseCursor(`[12,"${ID}"]`)).toEqual([12, ID]);
  });

  it("is not read from junk", () => {
    const junk = [
      undefined,
      null,
      "",
      "not json",
      "{oops",
      "1; drop table",
      "[1,2]",
      "[]",
      `["${AT}"]`,
      `["${AT}","${ID}",3]`,
      `{"0":"${AT}","1":"${ID}"}`,
      `[true,"${ID}"]`,
      `[{},"${ID}"]`,
      `[1e999,"${ID}"]`,
      `["${"x".repeat(201)}","${ID}"]`,
      `[1,"${"x".repeat(101)}"]`,
      `[1,"${ID}"]`.padEnd(MAX_CURSOR_TEXT + 1, " "),
      '"[1,\\"a\\"]"',
    ];
    for (const text of junk) expect(decodeKeysetCursor(text), String(text)).toBeNull();
  });

  it("is not read when it holds NUL or another control character", () => {
    for (const text of ['["\\u0000",1]', '["\u0000","a"]', `["${AT}","${ID}\\u0000"]`, `[1,"a\\nb"]`, `["\\u007f","a"]`, "\u0000"]) {
      expect(decodeKeysetCursor(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("is not read when it holds half of a surrogate pair", () => {
    for (const text of ['["\\ud800","a"]', '[1,"\\udfff"]', '["a\\ud83d","a"]', '["\ud800","a"]']) {
      expect(decodeKeysetCursor(text), JSON.stringify(text)).toBeNull();
    }
    expect(decodeKeysetCursor('["\\ud83d\\ude42","a"]')).toEqual(["🙂", "a"]);
  });

  it("as a page's answer gives it, is checked by the same schema", () => {
    expect(keysetCursorSchema.safeParse([AT, ID]).success).toBe(true);
    expect(keysetCursorSchema.safeParse(["\u0000", ID]).success).toBe(false);
    expect(keysetCursorSchema.safeParse([Number.POSITIVE_INFINITY, ID]).success).toBe(false);
  });
});

describe("a cursor's value, read for the list it was made for", () => {
  it("is a time to the microsecond in UTC with a uuid", () => {
    expect(keysetTimeAfter([AT, ID])).toEqual({ at: AT, id: ID });
    for (const cursor of [
      [AT, "x"],
      ["2026-11-29T10:15:00.123Z", ID],
      ["2026-11-29 10:15:00.123456+00", ID],
      [12, ID],
      ["'; drop table orders; --", ID],
    ] as KeysetCursor[]) {
      expect(keysetTimeAfter(cursor), JSON.stringify(cursor)).toBeNull();
    }
    expect(keysetTimeAfter(null)).toBeNull();
    expect(isKeysetTime(AT)).toBe(true);
    expect(isKeysetTime(`${AT}\n`)).toBe(false);
  });

  it("is a whole number with a uuid", () => {
    expect(keysetNumberAfter([0, ID])).toEqual({ value: 0, id: ID });
    for (const cursor of [
      [1.5, ID],
      [2 ** 53, ID],
      ["12", ID],
      [12, "not-a-uuid"],
      [null, ID],
    ] as KeysetCursor[]) {
      expect(keysetNumberAfter(cursor), JSON.stringify(cursor)).toBeNull();
    }
  });

  it("is a place in a queue, counted from 1", () => {
    expect(keysetPositionAfter([50, "e50"])).toBe(50);
    for (const cursor of [
      [0, ID],
      [-1, ID],
      [1.5, ID],
      ["50", ID],
      [null, ID],
    ] as KeysetCursor[])
      expect(keysetPositionAfter(cursor)).toBeNull();
    expect(keysetPositionAfter(null)).toBeNull();
  });

  it("is a serial id alone", () => {
    expect(keysetSerialAfter([null, "91"])).toBe("91");
    for (const cursor of [
      [null, "0"],
      [null, "091"],
      [null, "1; drop table"],
      [null, "1".repeat(20)],
    ] as KeysetCursor[])
      expect(keysetSerialAfter(cursor)).toBeNull();
  });
});

describe("the cohort list's cursor", () => {
  it("names its position in the same format", () => {
    const cursor = cohortListCursor({ open: true, start: "2027-01-31T00:00:00.000000Z" }, ID);
    expect(parseCohortListCursor(decodeKeysetCursor(encodeKeysetCursor(cursor)))).toEqual({
      open: true,
      start: "2027-01-31T00:00:00.000000Z",
      id: ID,
    });
    expect(parseCohortListCursor(cohortListCursor({ open: false, start: null }, ID))).toEqual({ open: false, start: null, id: ID });
    for (const value of [
      "open soon",
      "open",
      "ajar undated",
      "open  undated",
      "open undated x",
      `closed ${AT.replace(".123456", ".123")}`,
    ]) {
      expect(parseCohortListCursor([value, ID]), value).toBeNull();
    }
  });

  it("is refused by the API's query when it is not one the list gave", () => {
    const good = encodeKeysetCursor(cohortListCursor({ open: true, start: null }, ID));
    expect(operatorCohortListQuerySchema.safeParse({ after: good }).success).toBe(true);
    expect(cohortListCursorFromText(good)).toEqual(["open undated", ID]);
    for (const after of [
      "not json",
      "[1,2]",
      JSON.stringify(["open soon", ID]),
      JSON.stringify(["open undated", "not-a-uuid"]),
      "\u0000",
      '["open undated\\u0000","a"]',
    ]) {
      const parsed = operatorCohortListQuerySchema.safeParse({ after });
      expect(parsed.success, after).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Use the next cursor of the page before.");
    }
  });
});
