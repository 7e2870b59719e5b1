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
  if (days.end && !days.start) problems.push({ field: "end_cohort_date", message: "Set a start date before an end date." });
  if (days.start && days.end) {
    const length = daysBetween(days.start, days.end);
    if (length < 1) problems.push({ field: "end_cohort_date", message: "The end date must be after the start date." });
    else if (length > MAX_DURATION_DAYS) problems.push({ field: "end_cohort_date", message: `A cohort can last at most ${MAX_DURATION_DAYS} days.` });
  }
  if (days.postcohortEnd && !days.end) {
    problems.push({ field: "end_postcohort_date", message: "Set an end date before a post-cohort end date." });
  }
  if (days.end && days.postcohortEnd && daysBetween(days.end, days.postcohortEnd) < 0) {
    problems.push({ field: "end_postcohort_date", message: "The post-cohort end date must be on or after the end date." });
  }
  return problems;
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
