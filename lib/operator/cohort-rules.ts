import type { CohortPhase } from "../cohorts/cohort-phase";
import { DEFAULT_DURATION_DAYS } from "../cohorts/cohort-picker-rules";

// The rules an operator's cohort must keep (D17: dates in order, capacity never below the seats
// taken). The form checks them as the operator types; the server checks them again, under the
// cohort's lock, and the database's CHECK constraints stand behind both.

/** A calendar day as a date input gives it: 2027-01-31. Cohort dates are whole days in UTC. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;
export const MAX_DURATION_DAYS = 365;
export const MAX_CAPACITY = 10_000;

export type CohortDays = { start: string | null; end: string | null; postcohortEnd: string | null };
export type CohortProblem = { field: "start_cohort_date" | "end_cohort_date" | "end_postcohort_date" | "participant_cap"; message: string };

/** Whether a string is a real calendar day (2027-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant a cohort day starts (midnight UTC), as stored. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The day of a stored instant, for a date input. */
export function dayOf(instant: string | Date | null): string | null {
  if (instant === null) return null;
  return new Date(instant).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);

/** What is wrong with a cohort's dates: an end needs a start, each date comes after the one before. */
export function cohortDateProblems(days: CohortDays): CohortProblem[] {
  const problems: CohortProblem[] = [];
  if (days.end && !days.start) problems.push({ field: "end_cohort_date", message: "Set the first day before the last day." });
  if (days.start && days.end) {
    const length = daysBetween(days.start, days.end);
    if (length < 1) problems.push({ field: "end_cohort_date", message: "The last day must be on or after the first day." });
    else if (length > MAX_DURATION_DAYS)
      problems.push({ field: "end_cohort_date", message: `A cohort can last at most ${MAX_DURATION_DAYS} days.` });
  }
  if (days.postcohortEnd && !days.end) {
    problems.push({ field: "end_postcohort_date", message: "Set the last day before a post-cohort end date." });
  }
  if (days.end && days.postcohortEnd && daysBetween(days.end, days.postcohortEnd) < 0) {
    problems.push({ field: "end_postcohort_date", message: "The post-cohort end date must be after the last day." });
  }
  return problems;
}

/** The day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

// An operator names the programme's first and last day, both included; a cohort keeps its end as
// the day after the last (end_cohort_date, where cohortPhase and the status schedule stop counting).

/** The stored end of a programme whose last day (included) is `lastDay`. */
export function endAfterLastDay(lastDay: string | null): string | null {
  return lastDay ? addDays(lastDay, 1) : null;
}

/** The last day (included) of a programme ending at a stored end; null without one. */
export function lastDayOf(end: string | Date | null): string | null {
  const day = dayOf(end);
  return day ? addDays(day, -1) : null;
}

/** How many days a programme from its first to its last day lasts, both included; null without both or out of order. */
export function programmeDays(firstDay: string | null, lastDay: string | null): number | null {
  if (!firstDay || !lastDay || !isCalendarDay(firstDay) || !isCalendarDay(lastDay)) return null;
  const days = daysBetween(firstDay, lastDay) + 1;
  return days >= 1 ? days : null;
}

/** "14 days", "1 day". */
export function programmeLengthLabel(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** The form's warning when the dates do not make the bootcamp's length; the operator may go on. */
export function programmeLengthWarning(days: number | null, expected: number = DEFAULT_DURATION_DAYS): string | null {
  if (days === null || days === expected) return null;
  return `These dates make a ${days}-day programme; the bootcamp is ${expected} days.`;
}

/**
 * A copy's dates: the original's moved by whole weeks (so each falls on the same weekday) to the
 * first week the copy starts after the original's last day and after today, each length kept.
 * Undated stays undated. `weeks` is how far they moved.
 */
export function shiftedCopyDays(days: CohortDays, today: string): CohortDays & { weeks: number } {
  if (!days.start) return { ...days, weeks: 0 };
  const lastDay = days.end ? addDays(days.end, -1) : days.start;
  const after = lastDay > today ? lastDay : today;
  const weeks = Math.max(1, Math.ceil((daysBetween(days.start, after) + 1) / 7));
  const move = (day: string | null) => (day ? addDays(day, weeks * 7) : null);
  return { start: move(days.start), end: move(days.end), postcohortEnd: move(days.postcohortEnd), weeks };
}

/** A new cohort is for sale at once, so it cannot start today or earlier (undated is fine: 'Dates to be announced'). */
export function newCohortStartProblem(start: string | null, today: string): CohortProblem | null {
  return start !== null && start <= today ? { field: "start_cohort_date", message: "A new cohort must start after today." } : null;
}

/** SPEC §3 duration_days: the days from start to end; without both, the cohort's own (else the spec's 14). */
export function cohortDurationDays(days: Pick<CohortDays, "start" | "end">, current: number = DEFAULT_DURATION_DAYS): number {
  return days.start && days.end ? daysBetween(days.start, days.end) : current;
}

/** Seats taken are paid or held: the capacity may shrink to them, never below. */
export function capacityProblem(capacity: number, seatsTaken: number): CohortProblem | null {
  if (capacity >= seatsTaken) return null;
  const seats = seatsTaken === 1 ? "1 seat is" : `${seatsTaken} seats are`;
  return { field: "participant_cap", message: `Capacity cannot be below the seats already taken: ${seats} paid or held.` };
}

export type Seats = { paid: number; held: number; free: number };

/** The seats of a cohort from its counters: enrolled are paid, the rest of the prospective ones held. */
export function cohortSeats(counts: { participantCap: number; participantCount: number; prospectiveCount: number }): Seats {
  return {
    paid: counts.participantCount,
    held: Math.max(0, counts.prospectiveCount - counts.participantCount),
    free: Math.max(0, counts.participantCap - counts.prospectiveCount),
  };
}

/**
 * What a seat moved into a cohort that is already running misses, told before the move from the
 * cohort's phase (lib/cohorts/cohort-phase.ts); null when the cohort is not running.
 */
export function runningCohortWarning(phase: CohortPhase): string | null {
  if (phase.status !== "active") return null;
  if (phase.day === null) return "This cohort is already running: the member will miss the days before the move.";
  const missed =
    phase.day === 1 ? "it started today" : phase.day === 2 ? "the member will miss day 1" : `the member will miss days 1–${phase.day - 1}`;
  return `This cohort is on day ${phase.day} of ${phase.totalDays}: ${missed}.`;
}
