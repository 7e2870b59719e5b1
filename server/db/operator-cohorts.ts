import "server-only";
import type { TransactionSql } from "postgres";
import { cohortSeats } from "@/lib/operator/cohort-rules";
import type { OperatorCohort } from "@/lib/operator/operator-cohort-schemas";
import { db } from "./client";
import { COHORT_COLUMNS, type CohortRow } from "./cohort-queries";

// The public cohort's columns (cohort-queries.ts), and what only operators see: language, closed.
type OperatorCohortRow = CohortRow & { language: string; closed_at: Date | null };

const COLUMNS = [...COHORT_COLUMNS, "language", "closed_at"];

/** What an operator's change writes to a cohort row. */
export type CohortWrite = {
  cohort_name: string;
  cohort_description: string;
  language: string;
  start_cohort_date: Date | null;
  end_cohort_date: Date | null;
  end_postcohort_date: Date | null;
  duration_days: number;
  participant_cap: number;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toOperatorCohort(row: OperatorCohortRow): OperatorCohort {
  return {
    id: row.id,
    cohort_name: row.cohort_name,
    cohort_description: row.cohort_description,
    language: row.language,
    status: row.status,
    start_cohort_date: iso(row.start_cohort_date),
    end_cohort_date: iso(row.end_cohort_date),
    end_postcohort_date: iso(row.end_postcohort_date),
    duration_days: row.duration_days,
    participant_cap: row.participant_cap,
    seats: cohortSeats({
      participantCap: row.participant_cap,
      participantCount: row.participant_count,
      prospectiveCount: row.prospective_participant_count,
    }),
    closed_at: iso(row.closed_at),
  };
}

/** Every cohort, open ones first, then by start (undated last); the list stays small (one row a cohort). */
export async function listOperatorCohorts(): Promise<OperatorCohort[]> {
  const sql = db();
  const rows = await sql<OperatorCohortRow[]>`
    select ${sql(COLUMNS)} from public.cohorts
    order by (closed_at is not null), start_cohort_date desc nulls first, cohort_name
    limit 1000`;
  return rows.map(toOperatorCohort);
}

export async function getOperatorCohort(cohortId: string): Promise<OperatorCohort | null> {
  const sql = db();
  const [row] = await sql<OperatorCohortRow[]>`select ${sql(COLUMNS)} from public.cohorts where id = ${cohortId}`;
  return row ? toOperatorCohort(row) : null;
}

/**
 * The cohort, locked for the rest of the transaction: a checkout taking a seat waits until the
 * change commits, so the seats counted here are the seats the new capacity is checked against.
 */
export async function lockOperatorCohort(tx: TransactionSql, cohortId: string): Promise<{ cohort: OperatorCohort; seatsTaken: number } | null> {
  const [row] = await tx<OperatorCohortRow[]>`select ${tx(COLUMNS)} from public.cohorts where id = ${cohortId} for update`;
  return row ? { cohort: toOperatorCohort(row), seatsTaken: row.prospective_participant_count } : null;
}

export async function insertCohort(tx: TransactionSql, cohort: CohortWrite): Promise<OperatorCohort> {
  const [row] = await tx<OperatorCohortRow[]>`
    insert into public.cohorts ${tx(cohort)}
    returning ${tx(COLUMNS)}`;
  return toOperatorCohort(row!);
}

export async function updateCohort(tx: TransactionSql, cohortId: string, cohort: CohortWrite): Promise<OperatorCohort> {
  const [row] = await tx<OperatorCohortRow[]>`
    update public.cohorts set ${tx(cohort)} where id = ${cohortId}
    returning ${tx(COLUMNS)}`;
  return toOperatorCohort(row!);
}

/** Closes a cohort to new buyers (keeping when it was first closed), or opens it again. */
export async function setCohortClosed(tx: TransactionSql, cohortId: string, closed: boolean): Promise<OperatorCohort> {
  const [row] = await tx<OperatorCohortRow[]>`
    update public.cohorts set closed_at = ${closed ? tx`coalesce(closed_at, now())` : null}
    where id = ${cohortId}
    returning ${tx(COLUMNS)}`;
  return toOperatorCohort(row!);
}
