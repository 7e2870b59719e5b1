import { afterEach, describe, expect, it, vi } from "vitest";
import { cohortPhase, cohortPhaseNote } from "@/lib/cohorts/cohort-phase";

// D19: a cohort's dates are calendar dates, kept as an instant whose day in UTC is the date (08:00
// UTC here, still Dec 1); each member counts from their own calendar date. Midnight in Los Angeles
// is 08:00 UTC (PST).
const LA = "America/Los_Angeles";
const cohort = {
  status: "upcoming" as const, // never updated: the dates decide
  start_cohort_date: "2026-12-01T08:00:00.000Z",
  end_cohort_date: "2026-12-15T08:00:00.000Z",
  end_postcohort_date: "2027-01-15T08:00:00.000Z",
  duration_days: 14,
};
const at = (iso: string) => new Date(iso);

afterEach(() => vi.useRealTimers());

describe("the member's cohort phase, from the dates (not the stored status)", () => {
  it("is Upcoming before the start, counting the member's calendar days to it", () => {
    expect(cohortPhase(cohort, at("2026-11-28T20:00:00.000Z"), LA)).toEqual({ status: "upcoming", daysUntilStart: 3 });
    expect(cohortPhase(cohort, at("2026-11-30T20:00:00.000Z"), LA)).toEqual({ status: "upcoming", daysUntilStart: 1 });
    expect(cohortPhase(cohort, at("2026-12-01T07:59:59.000Z"), LA)).toEqual({ status: "upcoming", daysUntilStart: 1 });
  });

  it("is Active day N of 14 from the start, the day turning at the member's midnight", () => {
    expect(cohortPhase(cohort, at("2026-12-01T08:00:00.000Z"), LA)).toEqual({ status: "active", day: 1, totalDays: 14 });
    // 23:59 on Dec 2 in Los Angeles is already Dec 3 in UTC: day 2 there, day 3 for a member in UTC.
    expect(cohortPhase(cohort, at("2026-12-03T07:59:00.000Z"), LA)).toEqual({ status: "active", day: 2, totalDays: 14 });
    expect(cohortPhase(cohort, at("2026-12-03T07:59:00.000Z"), "UTC")).toEqual({ status: "active", day: 3, totalDays: 14 });
    expect(cohortPhase(cohort, at("2026-12-15T07:59:59.000Z"), LA)).toEqual({ status: "active", day: 14, totalDays: 14 });
  });

  it("is Post-Cohort from the end until end_postcohort_date, then Completed", () => {
    expect(cohortPhase(cohort, at("2026-12-15T08:00:00.000Z"), LA)).toEqual({ status: "postcohort", until: "2027-01-15T08:00:00.000Z" });
    expect(cohortPhase(cohort, at("2027-01-15T07:59:59.000Z"), LA).status).toBe("postcohort");
    expect(cohortPhase(cohort, at("2027-01-15T08:00:00.000Z"), LA)).toEqual({ status: "completed" });
  });

  it("goes straight to Completed after the end when there is no post-cohort period", () => {
    expect(cohortPhase({ ...cohort, end_postcohort_date: null }, at("2026-12-15T08:00:00.000Z"), LA)).toEqual({ status: "completed" });
  });

  it("without an end date, ends duration_days after the start (14 by default)", () => {
    const open = { ...cohort, end_cohort_date: null, end_postcohort_date: null, duration_days: 7 };
    expect(cohortPhase(open, at("2026-12-08T07:59:00.000Z"), LA)).toEqual({ status: "active", day: 7, totalDays: 7 });
    expect(cohortPhase(open, at("2026-12-08T08:00:00.000Z"), LA)).toEqual({ status: "completed" });
    const noDuration = { ...open, duration_days: null };
    expect(cohortPhase(noDuration, at("2026-12-14T12:00:00.000Z"), LA)).toEqual({ status: "active", day: 14, totalDays: 14 });
  });

  it("trusts the dates over a stale or wrong status", () => {
    expect(cohortPhase({ ...cohort, status: "completed" }, at("2026-11-20T00:00:00.000Z"), LA).status).toBe("upcoming");
    expect(cohortPhase({ ...cohort, status: "upcoming" }, at("2026-12-20T00:00:00.000Z"), LA).status).toBe("postcohort");
  });

  it("has only the stored status when the cohort has no start date yet", () => {
    const undated = { ...cohort, start_cohort_date: null, end_cohort_date: null, end_postcohort_date: null };
    expect(cohortPhase(undated, at("2026-12-20T00:00:00.000Z"), LA)).toEqual({ status: "upcoming", daysUntilStart: null });
    expect(cohortPhase({ ...undated, status: "completed" }, at("2026-12-20T00:00:00.000Z"), LA)).toEqual({ status: "completed" });
  });

  it("moves through every phase as the clock runs", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-11-30T12:00:00.000Z"));
    const seen: string[] = [];
    for (let hour = 0; hour < 24 * 50; hour += 12) {
      const phase = cohortPhase(cohort, new Date(), LA);
      const label = cohortPhaseNote(phase) ?? phase.status;
      if (seen.at(-1) !== label) seen.push(label);
      vi.advanceTimersByTime(12 * 3_600_000);
    }
    expect(seen).toEqual(["Starts tomorrow", ...Array.from({ length: 14 }, (_, i) => `Day ${i + 1} of 14`), "postcohort", "completed"]);
  });

  it("words the upcoming and active notes", () => {
    expect(cohortPhaseNote({ status: "upcoming", daysUntilStart: 0 })).toBe("Starts today");
    expect(cohortPhaseNote({ status: "upcoming", daysUntilStart: 1 })).toBe("Starts tomorrow");
    expect(cohortPhaseNote({ status: "upcoming", daysUntilStart: 9 })).toBe("Starts in 9 days");
    expect(cohortPhaseNote({ status: "upcoming", daysUntilStart: null })).toBeNull();
    expect(cohortPhaseNote({ status: "active", day: 3, totalDays: 14 })).toBe("Day 3 of 14");
    expect(cohortPhaseNote({ status: "completed" })).toBeNull();
  });
});
