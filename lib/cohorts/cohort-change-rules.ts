// SPEC §4 Cohort status and §9: a member can change cohorts up to 24 hours before the start.
export const COHORT_CHANGE_CUTOFF_HOURS = 24;

// The words the API answers with and the screens show.
export const COHORT_FULL_MESSAGE = "This cohort is full";
export const COHORT_STARTED_MESSAGE = "This cohort has already started. Please choose another one.";
export const COHORT_CLOSED_MESSAGE = "This cohort is closed to new participants. Please choose another one.";
export const COHORT_DRAFT_MESSAGE = "This cohort is not for sale. Please choose another one.";
export const COHORT_CHANGE_CLOSED_MESSAGE = "Cohorts can be changed up to 24 hours before the start.";

const HOUR_MS = 3_600_000;

/** Whether a seat in a cohort starting at `startsAt` may still be given up for another cohort. */
export function canLeaveCohort(cohort: { status: string; startsAt: Date | null }, now: Date): boolean {
  if (cohort.status !== "upcoming") return false;
  if (!cohort.startsAt) return true;
  return cohort.startsAt.getTime() - now.getTime() > COHORT_CHANGE_CUTOFF_HOURS * HOUR_MS;
}

/** The last moment a seat can be moved (null when the cohort has no start date yet). */
export function changeDeadline(startsAt: Date | null): Date | null {
  return startsAt ? new Date(startsAt.getTime() - COHORT_CHANGE_CUTOFF_HOURS * HOUR_MS) : null;
}

/** Whether a cohort takes new participants: published, upcoming, not started and not closed by an operator. */
export function isOpenForEnrolment(
  cohort: { status: string; startsAt: Date | null; closed?: boolean; draft?: boolean },
  now: Date,
): boolean {
  return (
    cohort.draft !== true &&
    cohort.closed !== true &&
    cohort.status === "upcoming" &&
    (cohort.startsAt === null || cohort.startsAt.getTime() > now.getTime())
  );
}

/** Why a cohort that is not open takes nobody: a draft (not for sale), closed by an operator, else started. */
export function notOpenMessage(cohort: { closed?: boolean; draft?: boolean }): string {
  if (cohort.draft === true) return COHORT_DRAFT_MESSAGE;
  return cohort.closed === true ? COHORT_CLOSED_MESSAGE : COHORT_STARTED_MESSAGE;
}
