import { COHORT_STATUS_LABEL } from "@/lib/cohorts/cohort-card-rules";
import { dayOf } from "@/lib/operator/cohort-rules";
import type { OperatorCohort } from "@/lib/operator/operator-cohort-schemas";

/** A cohort's dates as the area shows them: days, 'Dates to be announced' without a start (SPEC §2), 'TBD' without an end. */
export function cohortDatesLabel(cohort: Pick<OperatorCohort, "start_cohort_date" | "end_cohort_date">): string {
  const start = dayOf(cohort.start_cohort_date);
  if (!start) return "Dates to be announced";
  return `${start} – ${dayOf(cohort.end_cohort_date) ?? "TBD"}`;
}

export function cohortStatusLabel(cohort: Pick<OperatorCohort, "status" | "closed_at">): string {
  return cohort.closed_at ? `${COHORT_STATUS_LABEL[cohort.status]}, closed` : COHORT_STATUS_LABEL[cohort.status];
}
