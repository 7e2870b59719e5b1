import "server-only";
import type { TransactionSql } from "postgres";
import {
  capacityProblem,
  cohortDurationDays,
  dayOf,
  dayStart,
  newCohortStartProblem,
  type CohortProblem,
} from "@/lib/operator/cohort-rules";
import { cohortListCursor, parseCohortListCursor } from "@/lib/operator/cohort-list";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import type { CohortFields, OperatorCohort } from "@/lib/operator/operator-cohort-schemas";
import { insertCohort, listOperatorCohorts, lockOperatorCohort, setCohortClosed, updateCohort, type CohortWrite } from "../db/operator-cohorts";
import { offerFreePlaces } from "../db/waitlist-offers";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// D17, Cohorts: create, edit and close, each checked on the server and written to the audit log.

const NOT_FOUND = "This cohort does not exist.";

function refuse(problem: CohortProblem): never {
  throw new ApiError("validation_failed", problem.message, { details: [{ path: problem.field, message: problem.message }] });
}

function toWrite(fields: CohortFields, currentDuration?: number): CohortWrite {
  const at = (day: string | null) => (day ? dayStart(day) : null);
  return {
    cohort_name: fields.cohort_name,
    cohort_description: fields.cohort_description,
    language: fields.language,
    start_cohort_date: at(fields.start_cohort_date),
    end_cohort_date: at(fields.end_cohort_date),
    end_postcohort_date: at(fields.end_postcohort_date),
    duration_days: cohortDurationDays({ start: fields.start_cohort_date, end: fields.end_cohort_date }, currentDuration),
    participant_cap: fields.participant_cap,
  };
}

/** What the audit log keeps of a cohort: the fields an operator changes, dates as days. */
function auditState(cohort: OperatorCohort): Record<string, unknown> {
  return {
    cohort_name: cohort.cohort_name,
    cohort_description: cohort.cohort_description,
    language: cohort.language,
    start_cohort_date: dayOf(cohort.start_cohort_date),
    end_cohort_date: dayOf(cohort.end_cohort_date),
    end_postcohort_date: dayOf(cohort.end_postcohort_date),
    duration_days: cohort.duration_days,
    participant_cap: cohort.participant_cap,
    closed: cohort.closed_at !== null,
  };
}

/** Offers the cohort's free places to its waitlist; the cohort as it is then (its seats counting the offers). */
async function withOffersMade(tx: TransactionSql, cohort: OperatorCohort): Promise<OperatorCohort> {
  if ((await offerFreePlaces(tx, cohort.id)) === 0) return cohort;
  return (await lockOperatorCohort(tx, cohort.id))?.cohort ?? cohort;
}

/** A new cohort, upcoming and for sale at once (the cohort picker lists it). */
export async function createOperatorCohort(operatorId: string, fields: CohortFields, now = new Date()): Promise<OperatorCohort> {
  const startProblem = newCohortStartProblem(fields.start_cohort_date, dayOf(now)!);
  if (startProblem) refuse(startProblem);
  return operatorChange(operatorId, async (tx) => {
    const cohort = await insertCohort(tx, toWrite(fields));
    return { result: cohort, audit: { action: "cohort.create", subjectType: "cohort", subjectId: cohort.id, before: null, after: auditState(cohort) } };
  });
}

/** The cohort with the operator's fields, its capacity checked against the seats taken under its lock. */
export async function editOperatorCohort(operatorId: string, cohortId: string, fields: CohortFields): Promise<OperatorCohort> {
  return operatorChange(operatorId, async (tx) => {
    const locked = await lockOperatorCohort(tx, cohortId);
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    const tooSmall = capacityProblem(fields.participant_cap, locked.seatsTaken);
    if (tooSmall) refuse(tooSmall);
    let cohort = await updateCohort(tx, cohortId, toWrite(fields, locked.cohort.duration_days));
    // D17, Waitlist: places a raised capacity frees go to the waitlist first, in this change.
    if (cohort.participant_cap > locked.cohort.participant_cap) cohort = await withOffersMade(tx, cohort);
    const before = auditState(locked.cohort);
    const after = auditState(cohort);
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    return { result: cohort, audit: changed ? { action: "cohort.edit", subjectType: "cohort", subjectId: cohortId, before, after } : null };
  });
}

/** Closes a cohort to new buyers (its seats stay), or opens it again. */
export async function setOperatorCohortClosed(operatorId: string, cohortId: string, closed: boolean): Promise<OperatorCohort> {
  return operatorChange(operatorId, async (tx) => {
    const locked = await lockOperatorCohort(tx, cohortId);
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    if ((locked.cohort.closed_at !== null) === closed) return { result: locked.cohort, audit: null };
    let cohort = await setCohortClosed(tx, cohortId, closed);
    // A reopened cohort's free places go to its waitlist first (a closed one offers nothing).
    if (!closed) cohort = await withOffersMade(tx, cohort);
    const action = closed ? "cohort.close" : "cohort.reopen";
    return { result: cohort, audit: { action, subjectType: "cohort", subjectId: cohortId, before: auditState(locked.cohort), after: auditState(cohort) } };
  });
}

/** A page of the operator's cohort list (lib/operator/cohort-list.ts): names holding `q`, after a cursor, with the next one. */
export async function cohortListPage(query: { q: string; after: ListCursor | null }): Promise<ListPage<OperatorCohort>> {
  const rows = await listOperatorCohorts(query.q, parseCohortListCursor(query.after), LIST_PAGE_SIZE + 1);
  const page = toListPage(rows, (row) => cohortListCursor(row.position, row.cohort.id));
  return { rows: page.rows.map((row) => row.cohort), next: page.next };
}
