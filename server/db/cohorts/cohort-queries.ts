import "server-only";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { db, type Executor } from "../client";

export type CohortRow = {
  id: string;
  cohort_name: string;
  cohort_description: string;
  status: Cohort["status"];
  start_cohort_date: Date | null;
  end_cohort_date: Date | null;
  end_postcohort_date: Date | null;
  duration_days: number;
  participant_cap: number;
  participant_count: number;
  prospective_participant_count: number;
};

export const COHORT_COLUMNS = [
  "id",
  "cohort_name",
  "cohort_description",
  "status",
  "start_cohort_date",
  "end_cohort_date",
  "end_postcohort_date",
  "duration_days",
  "participant_cap",
  "participant_count",
  "prospective_participant_count",
];

/** SPEC §3 Cohort as the API shows it (lib/cohorts/cohort-schemas.ts): the fields by name, dates as ISO strings. */
export function toCohortDto(row: CohortRow): Cohort {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    cohort_name: row.cohort_name,
    cohort_description: row.cohort_description,
    status: row.status,
    start_cohort_date: iso(row.start_cohort_date),
    end_cohort_date: iso(row.end_cohort_date),
    end_postcohort_date: iso(row.end_postcohort_date),
    duration_days: row.duration_days,
    participant_cap: row.participant_cap,
    participant_count: row.participant_count,
    prospective_participant_count: row.prospective_participant_count,
    held_participant_count: Math.max(0, row.prospective_participant_count - row.participant_count),
  };
}

/** Upcoming cohorts in a language that have not started and are neither closed nor drafts, soonest first, undated last. */
export async function listUpcomingCohorts(language: string): Promise<Cohort[]> {
  const sql = db();
  const rows = await sql<CohortRow[]>`
    select ${sql(COHORT_COLUMNS)} from public.cohorts
    where status = 'upcoming' and closed_at is null and published_at is not null and language = ${language} and (start_cohort_date is null or start_cohort_date > now())
    order by start_cohort_date asc nulls last, cohort_name asc
    limit 200`;
  return rows.map(toCohortDto);
}

/** A published cohort (a draft is nobody's to see but the operators'). */
export async function getCohort(cohortId: string): Promise<Cohort | null> {
  const sql = db();
  const [row] = await sql<
    CohortRow[]
  >`select ${sql(COHORT_COLUMNS)} from public.cohorts where id = ${cohortId} and published_at is not null`;
  return row ? toCohortDto(row) : null;
}

/** `closed`: an operator closed it to new participants; `draft`: not published yet, so not for sale. */
export type CohortSummary = {
  id: string;
  name: string;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  closed: boolean;
  draft: boolean;
};

export async function getCohortSummary(cohortId: string, executor: Executor = db()): Promise<CohortSummary | null> {
  const [row] = await executor<
    {
      id: string;
      cohort_name: string;
      status: string;
      start_cohort_date: Date | null;
      end_cohort_date: Date | null;
      closed: boolean;
      draft: boolean;
    }[]
  >`
    select id, cohort_name, status, start_cohort_date, end_cohort_date, closed_at is not null as closed, published_at is null as draft
    from public.cohorts where id = ${cohortId}`;
  return row
    ? {
        id: row.id,
        name: row.cohort_name,
        status: row.status,
        startsAt: row.start_cohort_date,
        endsAt: row.end_cohort_date,
        closed: row.closed,
        draft: row.draft,
      }
    : null;
}

export async function isCohortFull(cohortId: string): Promise<boolean> {
  const [row] = await db()<{ full: boolean }[]>`
    select prospective_participant_count >= participant_cap as full from public.cohorts where id = ${cohortId}`;
  return row?.full ?? false;
}

/** How long after its end a cohort without an end_postcohort_date stays in its post-cohort period. */
export const DEFAULT_POSTCOHORT_DAYS = 30;

/**
 * SPEC §4 Cohort status, set from the dates: upcoming before the start, active from the start until
 * the end (start + duration_days when no end is set), postcohort until end_postcohort_date (the
 * end + DEFAULT_POSTCOHORT_DAYS when none is set), completed after. The status is a function of
 * the dates, so a cohort whose dates move (postponed, extended) follows them; one without a start
 * date keeps the status it has. Returns the cohorts that changed.
 */
export async function updateCohortStatusesByDate(): Promise<{ id: string; status: Cohort["status"] }[]> {
  return db()<{ id: string; status: Cohort["status"] }[]>`
    with dated as (
      select id, start_cohort_date as starts,
        coalesce(end_cohort_date, start_cohort_date + make_interval(days => duration_days)) as ends,
        end_postcohort_date
      from public.cohorts where start_cohort_date is not null
    ),
    due as (
      select id, case
        when now() < starts then 'upcoming'
        when now() < ends then 'active'
        when now() < coalesce(end_postcohort_date, ends + make_interval(days => ${DEFAULT_POSTCOHORT_DAYS})) then 'postcohort'
        else 'completed'
      end as status
      from dated
    )
    update public.cohorts c set status = due.status
    from due
    where c.id = due.id and c.status <> due.status
    returning c.id, c.status`;
}
