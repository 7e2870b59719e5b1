import "server-only";
import { db } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";
import type { ProgrammeSendEntry } from "@/lib/programme/programme-cohort-report";

// What the programme did for one cohort, for its operator page: the messages it decided (sent by a
// channel or skipped), the members it moved to email because they blocked the coach bot, and the
// feedback they gave after the end (supabase/migrations/20261129093000_programme_rhythm.sql).

/** A decision as the page lists it, with its time to the microsecond (a keyset cursor's value). */
export type ProgrammeSendRow = ProgrammeSendEntry & { cursorAt: string };

type SendRow = {
  id: string;
  email: string;
  message: string;
  day: number | null;
  for_date: string;
  channel: ProgrammeSendRow["channel"];
  skipped_reason: string | null;
  created_at: Date;
  cursor_at: string;
};

/** A page of the cohort's programme messages, newest first, after the cursor's row (keyset on the cohort's index). */
export async function listCohortProgrammeSends(
  cohortId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<ProgrammeSendRow[]> {
  const sql = db();
  const rows = await sql<SendRow[]>`
    select s.id, u.email, s.message, s.day, to_char(s.for_date, 'YYYY-MM-DD') as for_date, s.channel, s.skipped_reason, s.created_at,
      ${keysetTimeText(sql, sql`s.created_at`)} as cursor_at
    from public.programme_sends s join public.users u on u.id = s.user_id
    where s.cohort_id = ${cohortId}
      ${
        after
          ? sql`and ${keysetAfter(sql, "desc", [
              [sql`s.created_at`, keysetTime(sql, after.at)],
              [sql`s.id`, keysetId(sql, after.id)],
            ])}`
          : sql``
      }
    order by ${keysetOrder(sql, "desc", [sql`s.created_at`, sql`s.id`])}
    limit ${limit}`;
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    message: row.message,
    day: row.day,
    forDate: row.for_date,
    channel: row.channel,
    skippedReason: row.skipped_reason,
    createdAt: row.created_at,
    cursorAt: row.cursor_at,
  }));
}

export type BotBlockedMember = { userId: string; email: string; blockedAt: Date };

/** The cohort's programme members who blocked the coach bot: their messages go by email. Newest first. */
export async function listCohortBotBlocked(cohortId: string, limit: number): Promise<BotBlockedMember[]> {
  const rows = await db()<{ user_id: string; email: string; bot_blocked_at: Date }[]>`
    select distinct on (p.bot_blocked_at, u.id) u.id as user_id, u.email, p.bot_blocked_at
    from public.cohort_seats s
      join public.programme_preferences p on p.user_id = s.user_id
      join public.users u on u.id = s.user_id
    where s.cohort_id = ${cohortId} and s.status = 'enrolled' and s.role = 'participant' and p.bot_blocked_at is not null
    order by p.bot_blocked_at desc, u.id
    limit ${limit}`;
  return rows.map((row) => ({ userId: row.user_id, email: row.email, blockedAt: row.bot_blocked_at }));
}

export type FeedbackSummary = { count: number; average: number | null };
export type FeedbackRow = { seatId: string; email: string; score: number; comment: string | null; createdAt: Date };

/** How many members of the cohort answered the feedback question, and their average score (null: none yet). */
export async function cohortFeedbackSummary(cohortId: string): Promise<FeedbackSummary> {
  const [row] = await db()<{ count: number; average: string | null }[]>`
    select count(*)::int as count, round(avg(score), 1)::text as average from public.programme_feedback where cohort_id = ${cohortId}`;
  return { count: row?.count ?? 0, average: row?.average === null || row?.average === undefined ? null : Number(row.average) };
}

/** The cohort's feedback, newest first (through its index), at most `limit` answers. */
export async function listCohortFeedback(cohortId: string, limit: number): Promise<FeedbackRow[]> {
  const rows = await db()<{ seat_id: string; email: string; score: number; comment: string | null; created_at: Date }[]>`
    select f.seat_id, u.email, f.score, f.comment, f.created_at
    from public.programme_feedback f join public.users u on u.id = f.user_id
    where f.cohort_id = ${cohortId}
    order by f.created_at desc, f.seat_id desc
    limit ${limit}`;
  return rows.map((row) => ({ seatId: row.seat_id, email: row.email, score: row.score, comment: row.comment, createdAt: row.created_at }));
}
