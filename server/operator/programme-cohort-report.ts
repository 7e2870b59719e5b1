import "server-only";
import { BOOTCAMP_DAYS } from "@/lib/cohorts/bootcamp-days";
import type { CohortDates } from "@/lib/cohorts/cohort-phase";
import { toListPage } from "@/lib/operator/list-query";
import { keysetTimeAfter, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import { nextProgrammeMessages, programmeDays, type CohortProgrammeReport } from "@/lib/programme/programme-cohort-report";
import {
  cohortFeedbackSummary,
  listCohortBotBlocked,
  listCohortFeedback,
  listCohortProgrammeSends,
} from "../db/programme/programme-cohort-report";

// The "Programme" section of the operator's cohort page: what went out (a page at a time, newest
// first), what is next on the cohort's dates, who was moved to email, and the feedback.

export const PROGRAMME_SENDS_PAGE_SIZE = 50;
/** The most blocked members and feedback answers listed (the counts cover all of them). */
export const PROGRAMME_LIST_LIMIT = 200;

export async function cohortProgrammeReport(
  cohort: CohortDates & { id: string },
  after: KeysetCursor | null,
  now: Date = new Date(),
): Promise<CohortProgrammeReport> {
  const from = keysetTimeAfter(after);
  const [sends, botBlocked, summary, feedback] = await Promise.all([
    listCohortProgrammeSends(cohort.id, from, PROGRAMME_SENDS_PAGE_SIZE + 1),
    listCohortBotBlocked(cohort.id, PROGRAMME_LIST_LIMIT),
    cohortFeedbackSummary(cohort.id),
    listCohortFeedback(cohort.id, PROGRAMME_LIST_LIMIT),
  ]);
  const page = toListPage(sends, (row) => [row.cursorAt, row.id], PROGRAMME_SENDS_PAGE_SIZE);
  return {
    totalDays: programmeDays(cohort)?.total ?? BOOTCAMP_DAYS,
    sends: {
      rows: page.rows.map((row) => ({
        id: row.id,
        email: row.email,
        message: row.message,
        day: row.day,
        forDate: row.forDate,
        channel: row.channel,
        skippedReason: row.skippedReason,
        createdAt: row.createdAt,
      })),
      next: page.next,
      after: from ? after : null,
    },
    next: nextProgrammeMessages(cohort, now),
    botBlocked,
    feedback: { ...summary, rows: feedback },
  };
}
