import { describe, expect, it } from "vitest";
import { cohortPhase, cohortPhaseNote, type CohortDates } from "@/lib/cohorts/cohort-phase";
import { todayMessage } from "@/lib/telegram/cohort-day";
import { UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";

// D19: a cohort's dates are calendar dates, the same for everyone (stored as midnight UTC of the
// day); "day N" and "starts in N days" are counted from the reader's own calendar date. The
// dashboard's card (cohortPhaseNote) and the coach bot's /today (todayMessage) count through the
// same function, so for one member at one moment they must say the same thing, in every zone.

const ZONES = ["America/Los_Angeles", "UTC", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"] as const;

/** The instant the wall clock in `timeZone` reads `local` ("2026-11-28T10:00"). */
function atLocal(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}:00Z`);
  let guess = wall;
  // Two rounds settle the offset (none of these zones changes its offset in these weeks).
  for (let round = 0; round < 2; round++) {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    }).formatToParts(new Date(guess));
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const shown = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"));
    guess += wall - shown;
  }
  return new Date(guess);
}

// The cohorts: "Dec 1 – Dec 15" (14 days, the end stored as the day after the last) and
// "Nov 19 – Dec 3".
const december = {
  cohort_name: "December cohort",
  status: "upcoming",
  start_cohort_date: "2026-12-01T00:00:00.000Z",
  end_cohort_date: "2026-12-15T00:00:00.000Z",
  end_postcohort_date: null,
  duration_days: 14,
} satisfies CohortDates & { cohort_name: string };
const november = {
  ...december,
  cohort_name: "November cohort",
  start_cohort_date: "2026-11-19T00:00:00.000Z",
  end_cohort_date: "2026-12-03T00:00:00.000Z",
};

/** What the card shows beside its badge and what /today answers, for a member in `timeZone` at `local`. */
function sideBySide(cohort: typeof december, local: string, timeZone: string) {
  const at = atLocal(local, timeZone);
  const phase = cohortPhase(cohort, at, timeZone);
  return { card: cohortPhaseNote(phase) ?? phase.status, bot: todayMessage(cohort, at, timeZone) };
}

describe.each(ZONES)("in %s, the card and /today count from the member's own calendar date", (zone) => {
  it("on Nov 28 at 10:00 the Dec 1 cohort starts in 3 days", () => {
    expect(sideBySide(december, "2026-11-28T10:00", zone)).toEqual({
      card: "Starts in 3 days",
      bot: "You are in December cohort. It starts in 3 days: get your CGM ready.",
    });
  });

  it("on Nov 28 at 10:00 the Nov 19 cohort is on day 10 of 14", () => {
    const { card, bot } = sideBySide(november, "2026-11-28T10:00", zone);
    expect(card).toBe("Day 10 of 14");
    expect(bot).toMatch(/^November cohort: day 10 of 14, experiment week/);
  });

  it("at 23:59 on the eve of the start it starts tomorrow; at 00:00 on the first day it is day 1", () => {
    expect(sideBySide(december, "2026-11-30T23:59", zone)).toEqual({
      card: "Starts tomorrow",
      bot: "You are in December cohort. It starts in 1 day: get your CGM ready.",
    });
    const first = sideBySide(december, "2026-12-01T00:00", zone);
    expect(first.card).toBe("Day 1 of 14");
    expect(first.bot).toMatch(/^December cohort: day 1 of 14, observe week/);
  });

  it("the day turns at the member's midnight: 23:59 is still day 7, 00:00 is day 8", () => {
    const late = sideBySide(december, "2026-12-07T23:59", zone);
    const midnight = sideBySide(december, "2026-12-08T00:00", zone);
    expect([late.card, midnight.card]).toEqual(["Day 7 of 14", "Day 8 of 14"]);
    expect(late.bot).toMatch(/: day 7 of 14, observe week/);
    expect(midnight.bot).toMatch(/: day 8 of 14, experiment week/);
  });

  it("day 14 lasts until 23:59 on the last date; at 00:00 the day after, the bootcamp is over", () => {
    const last = sideBySide(december, "2026-12-14T23:59", zone);
    expect(last.card).toBe("Day 14 of 14");
    expect(last.bot).toMatch(/: day 14 of 14, experiment week/);
    expect(sideBySide(december, "2026-12-15T00:00", zone)).toEqual({
      card: "completed",
      bot: "You are in December cohort. The 14-day bootcamp is over: well done!",
    });
  });
});

describe("one moment, members in different zones", () => {
  it("reads the day each member's own calendar shows (2026-11-30 12:00 UTC is already Dec 1 in Kiritimati)", () => {
    const at = new Date("2026-11-30T12:00:00.000Z");
    const notes = Object.fromEntries(ZONES.map((zone) => [zone, cohortPhaseNote(cohortPhase(december, at, zone))]));
    expect(notes).toEqual({
      "America/Los_Angeles": "Starts tomorrow",
      UTC: "Starts tomorrow",
      "Asia/Tokyo": "Starts tomorrow",
      "Pacific/Kiritimati": "Day 1 of 14",
      "Pacific/Pago_Pago": "Starts tomorrow",
    });
  });
});

describe("/today without a stored time zone", () => {
  it("counts in UTC and says so", () => {
    expect(todayMessage(december, new Date("2026-11-28T18:00:00.000Z"), null)).toBe(
      `You are in December cohort. It starts in 3 days: get your CGM ready.\n${UTC_FALLBACK_NOTE}`,
    );
  });

  it("counts in UTC and says so when the stored zone is not one this runtime knows", () => {
    expect(todayMessage(december, new Date("2026-11-28T18:00:00.000Z"), "Mars/Olympus_Mons")).toContain(UTC_FALLBACK_NOTE);
  });
});
