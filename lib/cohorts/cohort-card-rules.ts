import { durationDaysOrDefault, formatCohortDate } from "@/lib/cohorts/cohort-picker-rules";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import {
  CHANGES_CLOSED,
  CHANGE_UNTIL_START,
  COHORT_ACTIVE_MESSAGE,
  COHORT_COMPLETED_MESSAGE,
  POSTCOHORT_MESSAGE_WITHOUT_DATE,
} from "./cohort-messages";

// SPEC §2 Dashboard: the placeholder card for a member without a cohort shows 0 / 20 and '4 Weeks'.
export const EMPTY_COHORT_CARD = { participantCount: 0, participantCap: 20, durationDays: 28 } as const;

const DAYS_PER_WEEK = 7;

// SPEC §4 Cohort status: the badge for each status.
export const COHORT_STATUS_LABEL: Record<Cohort["status"], string> = {
  upcoming: "Upcoming",
  active: "Active",
  postcohort: "Post-Cohort",
  completed: "Completed",
};

/**
 * SPEC §2: duration_days / 7 as weeks ('2 Weeks', '1 Week', '1.5 Weeks'; one decimal at most),
 * 14 days when the cohort has no usable duration (SPEC §9 default).
 */
export function weeksLabel(durationDays: number | null | undefined): string {
  const weeks = Math.round((durationDaysOrDefault(durationDays) / DAYS_PER_WEEK) * 10) / 10;
  return `${weeks} ${weeks === 1 ? "Week" : "Weeks"}`;
}

/** "Nov 19, 2025, 12:00 AM UTC": a moment, with its time zone so the hour is not ambiguous. */
export function formatDeadline(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

export type CohortStatusInput = {
  cohort: Pick<Cohort, "status" | "end_postcohort_date">;
  can_change: boolean;
  change_deadline: string | null;
};

/**
 * SPEC §4 Cohort status: the line under the cohort's details. An upcoming cohort can be changed
 * up to 24 hours before the start; `timeZone` (the browser's own by default) is where the deadline
 * is told.
 */
export function cohortStatusLine(current: CohortStatusInput, timeZone?: string): string {
  switch (current.cohort.status) {
    case "active":
      return COHORT_ACTIVE_MESSAGE;
    case "completed":
      return COHORT_COMPLETED_MESSAGE;
    case "postcohort": {
      const until = formatCohortDate(current.cohort.end_postcohort_date);
      return until ? `Post-cohort services are available until ${until}.` : POSTCOHORT_MESSAGE_WITHOUT_DATE;
    }
    case "upcoming": {
      if (!current.can_change) return CHANGES_CLOSED;
      const deadline = current.change_deadline ? formatDeadline(current.change_deadline, timeZone) : null;
      return deadline ? `You can change your cohort until ${deadline}` : CHANGE_UNTIL_START;
    }
  }
}
