import { describe, expect, it } from "vitest";
import {
  decisionKey,
  dueMessages,
  LOOKBACK_HOURS,
  SKIP_REASONS,
  wallHours,
  type DueMessage,
  type ScheduleMember,
} from "@/lib/programme/programme-schedule";

// The rhythm's clock: each message at the member's local hour on the right local date, sent within
// three hours of it, skipped later, across zones, midnights and daylight-saving changes.

const START = "2027-03-08T00:00:00Z"; // Monday 8 March 2027: day 1; day 7 is Sunday 14 March (US DST starts).
const END = "2027-03-22T00:00:00Z";

function member(overrides: Partial<ScheduleMember> = {}): ScheduleMember {
  return {
    timeZone: "UTC",
    morningHour: 8,
    enrolledAt: new Date("2027-02-01T12:00:00Z"),
    paused: false,
    cohort: { start: START, end: END, durationDays: 14 },
    decided: new Set(),
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);
const brief = (due: DueMessage[]) => due.map((d) => `${d.message}:${d.forDate}:${d.day ?? "-"}:${d.action}`);

describe("dueMessages: the hour and the window", () => {
  it("sends a morning message from the member's hour until three hours after, in UTC", () => {
    // The day-before reminder of 7 March is long decided here.
    expect(dueMessages(member({ decided: new Set(["day-before|2027-03-07"]) }), at("2027-03-08T07:59:00Z"))).toEqual([]);
    expect(brief(dueMessages(member(), at("2027-03-08T08:00:00Z")))).toEqual(["morning:2027-03-08:1:send"]);
    expect(brief(dueMessages(member(), at("2027-03-08T10:59:00Z")))).toEqual(["morning:2027-03-08:1:send"]);
    const late = dueMessages(member(), at("2027-03-08T11:00:00Z"));
    expect(late).toEqual([{ message: "morning", forDate: "2027-03-08", day: 1, action: "skip", reason: SKIP_REASONS.late }]);
  });

  it("does nothing for a message already decided", () => {
    const decided = new Set([decisionKey("morning", "2027-03-10")]);
    expect(dueMessages(member({ decided }), at("2027-03-10T08:30:00Z"))).toEqual([]);
  });

  it("times each member in their own zone", () => {
    const now = at("2027-03-09T16:30:00Z");
    // 08:30 in Los Angeles on 9 March (PST, UTC-8): day 2.
    expect(brief(dueMessages(member({ timeZone: "America/Los_Angeles" }), now))).toEqual(["morning:2027-03-09:2:send"]);
    // 22:00 in Kolkata on 9 March: day 2's morning passed 14 hours ago, recorded as skipped at most once.
    expect(brief(dueMessages(member({ timeZone: "Asia/Kolkata" }), now))).toEqual(["morning:2027-03-09:2:skip"]);
    // 05:30 on 10 March in Auckland (NZDT, UTC+13): before the hour of day 3.
    expect(brief(dueMessages(member({ timeZone: "Pacific/Auckland", decided: new Set(["morning|2027-03-09"]) }), now))).toEqual([]);
    // Kolkata at 08:00 on 9 March is 02:30 UTC.
    expect(brief(dueMessages(member({ timeZone: "Asia/Kolkata" }), at("2027-03-09T02:30:00Z")))).toEqual(["morning:2027-03-09:2:send"]);
  });

  it("counts without a zone (or with one Intl does not know) in UTC", () => {
    const now = at("2027-03-08T08:05:00Z");
    expect(brief(dueMessages(member({ timeZone: null }), now))).toEqual(["morning:2027-03-08:1:send"]);
    expect(brief(dueMessages(member({ timeZone: "Mars/Olympus_Mons" }), now))).toEqual(["morning:2027-03-08:1:send"]);
  });

  it("keeps a late-evening hour on its date across midnight", () => {
    const late = member({ morningHour: 23, timeZone: "Pacific/Auckland" });
    // 23:30 on 8 March in Auckland is 10:30 UTC: day 1.
    expect(brief(dueMessages(late, at("2027-03-08T10:30:00Z")))).toEqual(["morning:2027-03-08:1:send"]);
    // 01:30 on 9 March in Auckland: day 1's message still in its window, day 2's not yet due.
    expect(brief(dueMessages(late, at("2027-03-08T12:30:00Z")))).toEqual(["morning:2027-03-08:1:send"]);
    // Midnight as the hour: day 3 at 00:00 local.
    const midnight = member({ morningHour: 0, decided: new Set(["morning|2027-03-09"]) });
    expect(brief(dueMessages(midnight, at("2027-03-10T00:00:00Z")))).toEqual(["morning:2027-03-10:3:send"]);
  });

  it("leaves alone what passed longer ago than the lookback", () => {
    expect(LOOKBACK_HOURS).toBe(24);
    expect(brief(dueMessages(member(), at("2027-03-09T07:59:00Z")))).toEqual(["morning:2027-03-08:1:skip"]);
    expect(brief(dueMessages(member(), at("2027-03-09T08:00:00Z")))).toEqual(["morning:2027-03-09:2:send"]);
  });
});

describe("dueMessages: across daylight-saving changes", () => {
  it("sends once at an hour the clocks skip (US spring forward, 2027-03-14 02:00 → 03:00)", () => {
    const la = member({ timeZone: "America/Los_Angeles", morningHour: 2 });
    // 01:59 PST: not yet.
    const before = brief(dueMessages({ ...la, decided: new Set(["morning|2027-03-13"]) }, at("2027-03-14T09:59:00Z")));
    expect(before).toEqual([]);
    // 03:00 PDT: the wall clock reads an hour past 02:00, within the window.
    expect(brief(dueMessages({ ...la, decided: new Set(["morning|2027-03-13"]) }, at("2027-03-14T10:00:00Z")))).toEqual([
      "morning:2027-03-14:7:send",
    ]);
  });

  it("does not send twice at an hour the clocks repeat (US fall back, 2026-11-01 01:00 twice)", () => {
    const cohort = { start: "2026-10-26T00:00:00Z", end: "2026-11-09T00:00:00Z", durationDays: 14 };
    const la = member({ timeZone: "America/Los_Angeles", morningHour: 1, cohort, enrolledAt: at("2026-10-01T00:00:00Z") });
    const decidedBefore = new Set(["morning|2026-10-31"]);
    // 01:10 PDT (08:10 UTC): day 7.
    expect(brief(dueMessages({ ...la, decided: decidedBefore }, at("2026-11-01T08:10:00Z")))).toEqual(["morning:2026-11-01:7:send"]);
    // 01:10 PST (09:10 UTC): the same local date and hour again, already decided.
    const decidedAfter = new Set([...decidedBefore, decisionKey("morning", "2026-11-01")]);
    expect(dueMessages({ ...la, decided: decidedAfter }, at("2026-11-01T09:10:00Z"))).toEqual([]);
  });

  it("times Europe's change (2027-03-28) on the local clock", () => {
    const cohort = { start: "2027-03-22T00:00:00Z", end: "2027-04-05T00:00:00Z", durationDays: 14 };
    const paris = member({ timeZone: "Europe/Paris", cohort, decided: new Set(["morning|2027-03-27"]) });
    // 08:00 CEST on 28 March is 06:00 UTC; the day before, 08:00 CET was 07:00 UTC.
    expect(dueMessages(paris, at("2027-03-28T05:59:00Z"))).toEqual([]);
    expect(brief(dueMessages(paris, at("2027-03-28T06:00:00Z")))).toEqual(["morning:2027-03-28:7:send"]);
    expect(wallHours(at("2027-03-28T06:00:00Z"), "Europe/Paris") % 24).toBe(8);
  });
});

describe("dueMessages: before the start and after the end", () => {
  it("welcomes soon after enrolment while the start has not passed", () => {
    const joined = member({ enrolledAt: at("2027-02-20T15:00:00Z") });
    expect(brief(dueMessages(joined, at("2027-02-20T15:01:00Z")))).toEqual(["enrolled:2027-02-20:-:send"]);
    const lateJoiner = member({ enrolledAt: at("2027-03-10T07:00:00Z") });
    expect(brief(dueMessages(lateJoiner, at("2027-03-10T07:01:00Z")))).toEqual(["enrolled:2027-03-10:-:skip"]);
    expect(dueMessages(lateJoiner, at("2027-03-10T07:01:00Z"))[0]?.reason).toBe(SKIP_REASONS.started);
    // The late joiner still gets the day's plan at their hour, and none of the mornings before.
    expect(brief(dueMessages({ ...lateJoiner, decided: new Set(["enrolled|2027-03-10"]) }, at("2027-03-10T08:00:00Z")))).toEqual([
      "morning:2027-03-10:3:send",
    ]);
  });

  it("reminds a week and a day before, at the member's hour", () => {
    expect(brief(dueMessages(member(), at("2027-03-01T08:00:00Z")))).toEqual(["week-before:2027-03-01:-:send"]);
    expect(brief(dueMessages(member(), at("2027-03-07T09:00:00Z")))).toEqual(["day-before:2027-03-07:-:send"]);
  });

  it("sends no week-before reminder to someone who enrolled on or after its date", () => {
    const joined = member({ enrolledAt: at("2027-03-01T06:00:00Z"), decided: new Set(["enrolled|2027-03-01"]) });
    expect(dueMessages(joined, at("2027-03-01T08:00:00Z"))).toEqual([]);
  });

  it("never sends a reminder on or after the start day, even within its window", () => {
    const lateHour = member({ morningHour: 23 });
    expect(brief(dueMessages(lateHour, at("2027-03-07T23:30:00Z")))).toEqual(["day-before:2027-03-07:-:send"]);
    const due = dueMessages(lateHour, at("2027-03-08T01:00:00Z"));
    expect(due).toEqual([{ message: "day-before", forDate: "2027-03-07", day: null, action: "skip", reason: SKIP_REASONS.started }]);
  });

  it("uses day 7 and day 14 as morning messages, then the feedback and the story invitation", () => {
    expect(brief(dueMessages(member(), at("2027-03-21T08:00:00Z")))).toEqual(["morning:2027-03-21:14:send"]);
    const after = member({ decided: new Set(["morning|2027-03-21"]) });
    expect(brief(dueMessages(after, at("2027-03-22T08:00:00Z")))).toEqual(["feedback:2027-03-22:-:send"]);
    expect(brief(dueMessages(after, at("2027-03-23T08:00:00Z")))).toEqual(["story-invite:2027-03-23:-:send"]);
    expect(dueMessages(after, at("2027-03-25T08:00:00Z"))).toEqual([]);
  });

  it("counts the days from the duration when the cohort has no stored end", () => {
    const short = member({ cohort: { start: START, end: null, durationDays: 3 } });
    expect(brief(dueMessages(short, at("2027-03-11T08:00:00Z")))).toEqual(["feedback:2027-03-11:-:send"]);
  });

  it("records a paused member's messages as skipped, and nothing without a start date", () => {
    const due = dueMessages(member({ paused: true }), at("2027-03-09T08:00:00Z"));
    expect(due).toEqual([{ message: "morning", forDate: "2027-03-09", day: 2, action: "skip", reason: SKIP_REASONS.paused }]);
    expect(dueMessages(member({ cohort: { start: null, end: null, durationDays: 14 } }), at("2027-03-09T08:00:00Z"))).toEqual([]);
  });
});
