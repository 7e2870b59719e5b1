import "server-only";
import type { TransactionSql } from "postgres";
import { cohortSeats } from "@/lib/operator/cohort-rules";
import type { CohortListPosition } from "@/lib/operator/cohort-list";
import type { OperatorCohort } from "@/lib/operator/operator-cohort-schemas";
import { likeContains } from "../like-pattern";
import { db } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";
import { COHORT_COLUMNS, type CohortRow } from "../cohorts/cohort-queries";

// The public cohort's columns (cohort-queries.ts), and what only operators see: language, closed, published.
type OperatorCohortRow = CohortRow & { language: string; closed_at: Date | null; published_at: Date | null };

const COLUMNS = [...COHORT_COLUMNS, "language", "closed_at", "published_at"];

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
    published_at: iso(row.published_at),
  };
}

/**
 * A page of cohorts in the list's order (lib/operator/cohort-list.ts) after the given position,
 * through cohorts_operator_list_idx, whose name holds `search` (any case) when one is given; each
 * with its own position for the next page's cursor.
 */
export async function listOperatorCohorts(
  search: string,
  after: (CohortListPosition & { id: string }) | null,
  limit: number,
): Promise<{ cohort: OperatorCohort; position: CohortListPosition }[]> {
  const sql = db();
  // The keys of cohorts_operator_list_idx: open first, then the latest start (undated first), then the id.
  const open = sql`(closed_at is null)`;
  const start = sql`coalesce(start_cohort_date, 'infinity'::timestamptz)`;
  const conditions = [
    search ? sql`cohort_name ilike ${likeContains(search)}` : null,
    after
      ? keysetAfter(sql, "desc", [
          [open, sql`${after.open}`],
          [start, after.start === null ? sql`'infinity'::timestamptz` : keysetTime(sql, after.start)],
          [sql`id`, keysetId(sql, after.id)],
        ])
      : null,
  ].filter((condition) => condition !== null);
  const rows = await sql<(OperatorCohortRow & { list_start: string | null })[]>`
    select ${sql(COLUMNS)},
      ${keysetTimeText(sql, sql`start_cohort_date`)} as list_start
    from public.cohorts
    ${conditions.length > 0 ? sql`where ${conditions.reduce((all, condition) => sql`${all} and ${condition}`)}` : sql``}
    order by ${keysetOrder(sql, "desc", [open, start, sql`id`])}
    limit ${limit}`;
  return rows.map((row) => ({ cohort: toOperatorCohort(row), position: { open: row.closed_at === null, start: row.list_start } }));
}

/** The cohorts a seat can move to: published, upcoming or running (a handful at any time, however many have ended). */
export async function listCohortsTakingSeats(): Promise<OperatorCohort[]> {
  const sql = db();
  const rows = await sql<OperatorCohortRow[]>`
    select ${sql(COLUMNS)} from public.cohorts
    where status in ('upcoming', 'active') and published_at is not null
    order by start_cohort_date nulls last, cohort_name`;
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
export async function lockOperatorCohort(
  tx: TransactionSql,
  cohortId: string,
): Promise<{ cohort: OperatorCohort; seatsTaken: number } | null> {
  const [row] = await tx<OperatorCohortRow[]>`select ${tx(COLUMNS)} from public.cohorts where id = ${cohortId} for update`;
  return row ? { cohort: toOperatorCohort(row), seatsTaken: row.prospective_participant_count } : null;
}

/** A new cohort: for sale at once, or a draft (published_at null) until it is published. */
export async function insertCohort(tx: TransactionSql, cohort: CohortWrite, options: { draft: boolean }): Promise<OperatorCohort> {
  const [row] = await tx<OperatorCohortRow[]>`
    insert into public.cohorts ${tx({ ...cohort, published_at: options.draft ? null : new Date() })}
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

/** Publishes a draft: from now on it is for sale like any cohort. */
export async function publishCohort(tx: TransactionSql, cohortId: string): Promise<OperatorCohort> {
  const [row] = await tx<OperatorCohortRow[]>`
    update public.cohorts set published_at = coalesce(published_at, now())
    where id = ${cohortId}
    returning ${tx(COLUMNS)}`;
  return toOperatorCohort(row!);
}
