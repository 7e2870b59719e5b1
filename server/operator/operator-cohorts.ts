import "server-only";
import type { TransactionSql } from "postgres";
import {
  capacityProblem,
  cohortDurationDays,
  dayOf,
  dayStart,
  lastDayOf,
  newCohortStartProblem,
  programmeLengthLabel,
  shiftedCopyDays,
  type CohortProblem,
} from "@/lib/operator/cohort-rules";
import { cohortListCursor, parseCohortListCursor } from "@/lib/operator/cohort-list";
import { LIST_PAGE_SIZE, toListPage, type ListCursor, type ListPage } from "@/lib/operator/list-query";
import type { CohortFields, CohortFormValues, OperatorCohort } from "@/lib/operator/operator-cohort-schemas";
import {
  getOperatorCohort,
  insertCohort,
  listOperatorCohorts,
  lockOperatorCohort,
  publishCohort,
  setCohortClosed,
  updateCohort,
  type CohortWrite,
} from "../db/operator/operator-cohorts";
import { offerFreePlaces } from "../waitlist/offer-free-places";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// D17, Cohorts: create (for sale at once, or as a draft), publish, edit and close, each checked on the server and written to the audit log.

const NOT_FOUND = "This cohort does not exist.";
const COPIED_GONE = "The cohort to copy does not exist any more.";

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
    published: cohort.published_at !== null,
  };
}

/** Offers the cohort's free places to its waitlist, each offer audited as the operator's; the cohort as it is then (its seats counting the offers). */
async function withOffersMade(tx: TransactionSql, operatorId: string, cohort: OperatorCohort): Promise<OperatorCohort> {
  if ((await offerFreePlaces(tx, cohort.id, { operatorId })) === 0) return cohort;
  return (await lockOperatorCohort(tx, cohort.id))?.cohort ?? cohort;
}

/** A new cohort, upcoming and for sale at once (the cohort picker lists it), or a draft nobody can buy until it is published. */
export async function createOperatorCohort(operatorId: string, fields: CohortFields, now = new Date()): Promise<OperatorCohort> {
  const startProblem = newCohortStartProblem(fields.start_cohort_date, dayOf(now)!);
  if (startProblem) refuse(startProblem);
  const original = fields.copied_from ? await getOperatorCohort(fields.copied_from) : null;
  if (fields.copied_from && !original) {
    throw new ApiError("validation_failed", COPIED_GONE, { details: [{ path: "copied_from", message: COPIED_GONE }] });
  }
  return operatorChange(operatorId, async (tx) => {
    const cohort = await insertCohort(tx, toWrite(fields), { draft: fields.draft });
    const audit = original
      ? { action: "cohort.duplicate", after: { ...auditState(cohort), copied_from: original.id, copied_from_name: original.cohort_name } }
      : { action: "cohort.create", after: auditState(cohort) };
    return { result: cohort, audit: { ...audit, subjectType: "cohort", subjectId: cohort.id, before: null } };
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
    if (cohort.participant_cap > locked.cohort.participant_cap) cohort = await withOffersMade(tx, operatorId, cohort);
    const before = auditState(locked.cohort);
    const after = auditState(cohort);
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    return { result: cohort, audit: changed ? { action: "cohort.edit", subjectType: "cohort", subjectId: cohortId, before, after } : null };
  });
}

/** Publishes a draft: the cohort picker lists it from now on, checkouts and the waitlist take it. Publishing a published cohort changes nothing. */
export async function publishOperatorCohort(operatorId: string, cohortId: string): Promise<OperatorCohort> {
  return operatorChange(operatorId, async (tx) => {
    const locked = await lockOperatorCohort(tx, cohortId);
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    if (locked.cohort.published_at !== null) return { result: locked.cohort, audit: null };
    const cohort = await publishCohort(tx, cohortId);
    return {
      result: cohort,
      audit: {
        action: "cohort.publish",
        subjectType: "cohort",
        subjectId: cohortId,
        before: auditState(locked.cohort),
        after: auditState(cohort),
      },
    };
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
    if (!closed) cohort = await withOffersMade(tx, operatorId, cohort);
    const action = closed ? "cohort.close" : "cohort.reopen";
    return {
      result: cohort,
      audit: { action, subjectType: "cohort", subjectId: cohortId, before: auditState(locked.cohort), after: auditState(cohort) },
    };
  });
}

/** A page of the operator's cohort list (lib/operator/cohort-list.ts): names holding `q`, after a cursor, with the next one. */
export async function cohortListPage(query: { q: string; after: ListCursor | null }): Promise<ListPage<OperatorCohort>> {
  const rows = await listOperatorCohorts(query.q, parseCohortListCursor(query.after), LIST_PAGE_SIZE + 1);
  const page = toListPage(rows, (row) => cohortListCursor(row.position, row.cohort.id));
  return { rows: page.rows.map((row) => row.cohort), next: page.next };
}

/** The new-cohort form filled from a cohort to duplicate, and the line that says how its dates were chosen. */
export type CohortCopy = { id: string; name: string; values: CohortFormValues; note: string };

const MAX_NAME = 120;

/**
 * A duplicate of a cohort, for the new-cohort form: "<name> (copy)", its description, language and
 * capacity, and its dates moved by whole weeks past its last day and today, every length kept
 * (lib/operator/cohort-rules.ts shiftedCopyDays). It is saved as a draft unless the operator unticks it.
 */
export async function cohortCopy(cohortId: string, now = new Date()): Promise<CohortCopy | null> {
  const cohort = await getOperatorCohort(cohortId);
  if (!cohort) return null;
  const suffix = " (copy)";
  const name = `${cohort.cohort_name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
  const days = shiftedCopyDays(
    { start: dayOf(cohort.start_cohort_date), end: dayOf(cohort.end_cohort_date), postcohortEnd: dayOf(cohort.end_postcohort_date) },
    dayOf(now)!,
  );
  const note = days.start
    ? `The dates are ${cohort.cohort_name}'s moved ${days.weeks === 1 ? "1 week" : `${days.weeks} weeks`} later, on the same weekdays, so the copy starts after it ends (${programmeLengthLabel(cohort.duration_days)}, as it has). Change them as you need.`
    : `${cohort.cohort_name} has no dates yet, so neither has the copy: set its first and last day when they are known.`;
  return {
    id: cohort.id,
    name: cohort.cohort_name,
    note,
    values: {
      cohort_name: name,
      cohort_description: cohort.cohort_description,
      language: cohort.language,
      start_cohort_date: days.start ?? "",
      last_day: lastDayOf(days.end) ?? "",
      end_postcohort_date: days.postcohortEnd ?? "",
      participant_cap: String(cohort.participant_cap),
    },
  };
}
