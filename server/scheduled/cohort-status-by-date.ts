import "server-only";
import { updateCohortStatusesByDate } from "../db/cohorts/cohort-queries";
import { log } from "../log";

/**
 * The cohort-status job (SPEC §4 Cohort status): upcoming → active at the start date → postcohort
 * after the end date → completed after the post-cohort period (end_postcohort_date, or 30 days
 * after the end when none is set). A cohort without dates keeps its status. Returns how many changed.
 */
export async function advanceCohortStatuses(): Promise<number> {
  const changed = await updateCohortStatusesByDate();
  if (changed.length > 0) log.info("Cohort statuses follow their dates", { changed });
  return changed.length;
}
