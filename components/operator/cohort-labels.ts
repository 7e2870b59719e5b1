import { COHORT_STATUS_LABEL } from "@/lib/cohorts/cohort-card-rules";
import { dayStart, lastDayOf, dayOf } from "@/lib/operator/cohort-rules";
import type { OperatorCohort } from "@/lib/operator/operator-cohort-schemas";

// Cohort dates are calendar days, the same for everyone (D19): they are written in UTC, whatever the
// reader's zone, so an operator in Honolulu and one in Tokyo read the same "Dec 1 – Dec 14".
let dayFormat: Intl.DateTimeFormat | undefined;
let dayYearFormat: Intl.DateTimeFormat | undefined;

function dayText(day: string, withYear: boolean): string {
  const format = withYear
    ? (dayYearFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }))
    : (dayFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }));
  return format.format(dayStart(day));
}

/**
 * A cohort's dates as the operator area shows them: its first and last day, both included ("Dec 1 –
 * Dec 14"; with the years when they differ), 'Dates to be announced' without a start (SPEC §2), 'TBD'
 * without an end.
 */
export function cohortDatesLabel(cohort: Pick<OperatorCohort, "start_cohort_date" | "end_cohort_date">): string {
  const first = dayOf(cohort.start_cohort_date);
  if (!first) return "Dates to be announced";
  const last = lastDayOf(cohort.end_cohort_date);
  if (!last) return `${dayText(first, false)} – TBD`;
  const years = first.slice(0, 4) !== last.slice(0, 4);
  return `${dayText(first, years)} – ${dayText(last, years)}`;
}

export function cohortStatusLabel(cohort: Pick<OperatorCohort, "status" | "closed_at" | "published_at">): string {
  if (cohort.published_at === null) return "Draft";
  return cohort.closed_at ? `${COHORT_STATUS_LABEL[cohort.status]}, closed` : COHORT_STATUS_LABEL[cohort.status];
}
