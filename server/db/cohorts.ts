import "server-only";
import { db } from "./client";

export type CohortSummary = { id: string; name: string; startsAt: Date | null; endsAt: Date | null };

export async function getCohortSummary(cohortId: string): Promise<CohortSummary | null> {
  const [row] = await db()<{ id: string; cohort_name: string; start_cohort_date: Date | null; end_cohort_date: Date | null }[]>`
    select id, cohort_name, start_cohort_date, end_cohort_date from public.cohorts where id = ${cohortId}`;
  return row ? { id: row.id, name: row.cohort_name, startsAt: row.start_cohort_date, endsAt: row.end_cohort_date } : null;
}
