import type { Cohort } from "./cohort-schemas";
import { durationDaysOrDefault } from "./cohort-picker-rules";

// SPEC §4 Cohort status, told from the cohort's dates at the moment asked, in the member's time
// zone: `cohorts.status` is written by a schedule and may lag behind (or never have been updated),
// so it is used only when the cohort has no start date to go by.

const DAY_MS = 86_400_000;

export type CohortPhase =
  | { status: "upcoming"; /** Calendar days until the start day (0: today); null without a date. */ daysUntilStart: number | null }
  | { status: "active"; /** 1 on the start day, at most totalDays; null without a date. */ day: number | null; totalDays: number }
  | { status: "postcohort"; /** When post-cohort services end. */ until: string | null }
  | { status: "completed" };

export type CohortDates = Pick<Cohort, "status" | "start_cohort_date" | "end_cohort_date" | "end_postcohort_date" | "duration_days">;

function moment(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day `date` falls on in `timeZone`, as a count of days (for differences). */
function calendarDay(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const part = (type: "year" | "month" | "day") => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS);
}

/** Calendar days from `from` to `to` as the member's calendar counts them (0: the same day). */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  return calendarDay(to, timeZone) - calendarDay(from, timeZone);
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
 * Where the cohort is at `now`: Upcoming before its start, Active from the start until its end
 * (end_cohort_date, else duration_days after the start), Post-Cohort until end_postcohort_date,
 * then Completed. The day number turns at the member's midnight in `timeZone`.
 */
export function cohortPhase(cohort: CohortDates, now: Date, timeZone: string): CohortPhase {
  const totalDays = durationDaysOrDefault(cohort.duration_days);
  const startsAt = moment(cohort.start_cohort_date);
  if (!startsAt) return storedPhase(cohort, totalDays);
  if (now < startsAt) return { status: "upcoming", daysUntilStart: calendarDaysBetween(now, startsAt, timeZone) };
  const endsAt = moment(cohort.end_cohort_date) ?? new Date(startsAt.getTime() + totalDays * DAY_MS);
  if (now < endsAt) {
    const day = Math.min(Math.max(calendarDaysBetween(startsAt, now, timeZone) + 1, 1), totalDays);
    return { status: "active", day, totalDays };
  }
  const servicesEndAt = moment(cohort.end_postcohort_date);
  if (servicesEndAt && now < servicesEndAt) return { status: "postcohort", until: cohort.end_postcohort_date };
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
