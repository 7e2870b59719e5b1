import { afterEach, describe, expect, it } from "vitest";
import { cohortDatesLabel } from "@/components/operator/cohort-labels";
import { cohortPhase } from "@/lib/cohorts/cohort-phase";
import {
  addDays,
  endAfterLastDay,
  lastDayOf,
  programmeDays,
  programmeLengthLabel,
  programmeLengthWarning,
  runningCohortWarning,
  shiftedCopyDays,
} from "@/lib/operator/cohort-rules";

// The operator reads and sets a programme's first and last day, both included; the cohort keeps the
// day after the last (end_cohort_date). Cohort dates are calendar days, the same wherever the
// operator is (D19): the labels below must not move with the process's time zone.
const ZONES = ["UTC", "America/Los_Angeles", "Pacific/Honolulu", "Asia/Tokyo", "Pacific/Kiritimati", "Europe/London"];
const savedZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = savedZone;
});

const dec = { start_cohort_date: "2026-12-01T00:00:00.000Z", end_cohort_date: "2026-12-15T00:00:00.000Z" };

describe("the operator's date label", () => {
  it.each(ZONES)("shows the first and the last day, both included, in %s", (zone) => {
    process.env.TZ = zone;
    expect(new Date(2026, 11, 1).getTimezoneOffset()).toBe(new Date("2026-12-01T00:00:00Z").getTimezoneOffset());
    expect(cohortDatesLabel(dec)).toBe("Dec 1 – Dec 14");
    expect(cohortDatesLabel({ start_cohort_date: "2027-03-01T00:00:00.000Z", end_cohort_date: "2027-03-02T00:00:00.000Z" })).toBe(
      "Mar 1 – Mar 1",
    );
  });

  it.each(ZONES)("names the years when the programme crosses the new year, in %s", (zone) => {
    process.env.TZ = zone;
    expect(cohortDatesLabel({ start_cohort_date: "2026-12-25T00:00:00.000Z", end_cohort_date: "2027-01-08T00:00:00.000Z" })).toBe(
      "Dec 25, 2026 – Jan 7, 2027",
    );
    // The last day of the year: kept as Jan 1, shown as Dec 31, one year.
    expect(cohortDatesLabel({ start_cohort_date: "2026-12-18T00:00:00.000Z", end_cohort_date: "2027-01-01T00:00:00.000Z" })).toBe(
      "Dec 18 – Dec 31",
    );
  });

  it("says when the dates are not set", () => {
    expect(cohortDatesLabel({ start_cohort_date: null, end_cohort_date: null })).toBe("Dates to be announced");
    expect(cohortDatesLabel({ start_cohort_date: "2026-12-01T00:00:00.000Z", end_cohort_date: null })).toBe("Dec 1 – TBD");
  });
});

describe("the programme's length", () => {
  it.each(ZONES)("counts the first and the last day, in %s", (zone) => {
    process.env.TZ = zone;
    expect(programmeDays("2026-12-01", "2026-12-14")).toBe(14);
    expect(programmeDays("2026-12-01", "2026-12-01")).toBe(1);
    // Across the changes of clocks in March and October/November.
    expect(programmeDays("2027-03-01", "2027-03-31")).toBe(31);
    expect(programmeDays("2027-10-25", "2027-11-07")).toBe(14);
    expect(endAfterLastDay("2027-03-13")).toBe("2027-03-14");
    expect(lastDayOf("2027-11-08T00:00:00.000Z")).toBe("2027-11-07");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("has none without both days, or with the last before the first", () => {
    expect(programmeDays(null, "2026-12-14")).toBeNull();
    expect(programmeDays("2026-12-01", "")).toBeNull();
    expect(programmeDays("2026-12-14", "2026-12-01")).toBeNull();
    expect(programmeDays("2026-02-30", "2026-03-14")).toBeNull();
  });

  it("reads as days, and warns when it is not the bootcamp's 14", () => {
    expect(programmeLengthLabel(14)).toBe("14 days");
    expect(programmeLengthLabel(1)).toBe("1 day");
    expect(programmeLengthWarning(14)).toBeNull();
    expect(programmeLengthWarning(null)).toBeNull();
    expect(programmeLengthWarning(13)).toBe("These dates make a 13-day programme; the bootcamp is 14 days.");
    expect(programmeLengthWarning(15)).toBe("These dates make a 15-day programme; the bootcamp is 14 days.");
  });
});

describe("a copy's dates", () => {
  it("move by whole weeks until the copy starts after the original's last day, every length kept", () => {
    // Dec 1 – Dec 14 (kept end Dec 15), follow-up until Jan 14; today Nov 29.
    const copy = shiftedCopyDays({ start: "2026-12-01", end: "2026-12-15", postcohortEnd: "2027-01-14" }, "2026-11-29");
    expect(copy).toEqual({ start: "2026-12-15", end: "2026-12-29", postcohortEnd: "2027-01-28", weeks: 2 });
    expect(programmeDays(copy.start, lastDayOf(copy.end))).toBe(14);
  });

  it("start after today when the original ended long ago", () => {
    const copy = shiftedCopyDays({ start: "2026-01-05", end: "2026-01-19", postcohortEnd: null }, "2026-11-29");
    expect(copy.start! > "2026-11-29").toBe(true);
    expect(addDays(copy.start!, -7) <= "2026-11-29").toBe(true);
    expect(new Date(`${copy.start}T00:00:00Z`).getUTCDay()).toBe(new Date("2026-01-05T00:00:00Z").getUTCDay());
    expect(copy.end).toBe(addDays(copy.start!, 14));
  });

  it("stay unset for an undated original", () => {
    expect(shiftedCopyDays({ start: null, end: null, postcohortEnd: null }, "2026-11-29")).toEqual({
      start: null,
      end: null,
      postcohortEnd: null,
      weeks: 0,
    });
  });
});

describe("moving a seat into a running cohort", () => {
  const cohort = {
    status: "active" as const,
    start_cohort_date: "2026-11-20T00:00:00.000Z",
    end_cohort_date: "2026-12-04T00:00:00.000Z",
    end_postcohort_date: null,
    duration_days: 14,
  };

  it("names the day and the days the member misses, on the operator's calendar", () => {
    // 05:00 on Nov 29 in UTC is still Nov 28 in Honolulu; 15:00 is already Nov 30 in Kiritimati.
    const early = new Date("2026-11-29T05:00:00.000Z");
    const late = new Date("2026-11-29T15:00:00.000Z");
    expect(runningCohortWarning(cohortPhase(cohort, early, "UTC"))).toBe("This cohort is on day 10 of 14: the member will miss days 1–9.");
    expect(runningCohortWarning(cohortPhase(cohort, early, "Pacific/Honolulu"))).toBe(
      "This cohort is on day 9 of 14: the member will miss days 1–8.",
    );
    expect(runningCohortWarning(cohortPhase(cohort, early, "Asia/Tokyo"))).toBe(
      "This cohort is on day 10 of 14: the member will miss days 1–9.",
    );
    expect(runningCohortWarning(cohortPhase(cohort, late, "Pacific/Kiritimati"))).toBe(
      "This cohort is on day 11 of 14: the member will miss days 1–10.",
    );
  });

  it("says so on its first two days, and nothing before it starts or once it is over", () => {
    expect(runningCohortWarning(cohortPhase(cohort, new Date("2026-11-20T12:00:00Z"), "UTC"))).toBe(
      "This cohort is on day 1 of 14: it started today.",
    );
    expect(runningCohortWarning(cohortPhase(cohort, new Date("2026-11-21T12:00:00Z"), "UTC"))).toBe(
      "This cohort is on day 2 of 14: the member will miss day 1.",
    );
    expect(runningCohortWarning(cohortPhase(cohort, new Date("2026-11-19T12:00:00Z"), "UTC"))).toBeNull();
    expect(runningCohortWarning(cohortPhase(cohort, new Date("2026-12-04T12:00:00Z"), "UTC"))).toBeNull();
  });
});
