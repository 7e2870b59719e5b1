import type { Cohort } from "./cohort-schemas";
import { wallClock } from "@/lib/time-zone/time-zone";
import { durationDaysOrDefault } from "./cohort-picker-rules";

// SPEC §4 Cohort status, told from the cohort's dates on the reader's own calendar day: `cohorts.status`
// is written by a schedule and may lag behind (or never have been updated), so it is used only when
// the cohort has no start date to go by.
//
// D19: a cohort's dates are calendar dates, the same for everyone (kept as midnight UTC of that day,
// so their day is read in UTC); what a person reads ("day N of 14", "starts in N days") is counted
// from the date it is for that person, in their time zone. The dashboard's card, its history, the
// coach bot's /today and the operator's cohort page all count through cohortPhase below.

const DAY_MS = 86_400_000;

export type CohortPhase =
  | { status: "upcoming"; /** Calendar days until the start day (0: today); null without a date. */ daysUntilStart: number | null }
  | { status: "active"; /** 1 on the start day, at most totalDays; null without a date. */ day: number | null; totalDays: number }
  | { status: "postcohort"; /** When post-cohort services end. */ until: string | null }
  | { status: "completed" };

export type CohortDates = Pick<Cohort, "status" | "start_cohort_date" | "end_cohort_date" | "end_postcohort_date" | "duration_days">;

/** A calendar date as a count of days since 1970-01-01 (for differences). */
type DayNumber = number;

/** The cohort date a stored value names (its day in UTC), or null without a readable one. */
function cohortDay(iso: string | null): DayNumber | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / DAY_MS);
}

/** The calendar date `at` falls on in `timeZone`, as a day number. */
export function localDay(at: Date, timeZone: string): DayNumber {
  return wallClock(at, timeZone).day;
}

function storedPhase(cohort: CohortDates, totalDays: number): CohortPhase {
  switch (cohort.status) {
    case "upcoming":
      return { status: "upcoming", daysUntilStart: null };
    case "active":
      return { status: "active", day: null, totalDays };
    case "postcohort":
      return { status: "postcohort", until: cohort.end_postcohort_date };
    case "completed":
      return { status: "completed" };
  }
}

/**
 * Where the cohort is on the reader's calendar date at `now` in `timeZone`: Upcoming before its
 * first day, Active from the first day until end_cohort_date (the day after the last, as stored;
 * else duration_days after the start), Post-Cohort until end_postcohort_date, then Completed. The
 * day turns at the reader's midnight, and a reader anywhere on Earth sees day 1 on the cohort's
 * first date on their own calendar.
 */
export function cohortPhase(cohort: CohortDates, now: Date, timeZone: string): CohortPhase {
  const totalDays = durationDaysOrDefault(cohort.duration_days);
  const start = cohortDay(cohort.start_cohort_date);
  if (start === null) return storedPhase(cohort, totalDays);
  const today = localDay(now, timeZone);
  if (today < start) return { status: "upcoming", daysUntilStart: start - today };
  const end = cohortDay(cohort.end_cohort_date) ?? start + totalDays;
  if (today < end) return { status: "active", day: Math.min(today - start + 1, totalDays), totalDays };
  const servicesEnd = cohortDay(cohort.end_postcohort_date);
  if (servicesEnd !== null && today < servicesEnd) return { status: "postcohort", until: cohort.end_postcohort_date };
  return { status: "completed" };
}

/** The short line beside the badge: 'Starts in 3 days', 'Day 4 of 14'; null when there is none. */
export function cohortPhaseNote(phase: CohortPhase): string | null {
  if (phase.status === "active") return phase.day === null ? null : `Day ${phase.day} of ${phase.totalDays}`;
  if (phase.status !== "upcoming" || phase.daysUntilStart === null) return null;
  if (phase.daysUntilStart <= 0) return "Starts today";
  if (phase.daysUntilStart === 1) return "Starts tomorrow";
  return `Starts in ${phase.daysUntilStart} days`;
}
