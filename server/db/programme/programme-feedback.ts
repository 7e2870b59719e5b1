import "server-only";
import { db, type Executor } from "../client";

/** The feedback question a member was last asked (by the bot or by email), and their answer if any. */
export type FeedbackQuestion = {
  seatId: string;
  cohortId: string;
  cohortName: string;
  askedAt: Date;
  answer: { score: number; comment: string | null; answeredAt: Date } | null;
};

type QuestionRow = {
  seat_id: string;
  cohort_id: string;
  cohort_name: string;
  asked_at: Date;
  score: number | null;
  comment: string | null;
  answered_at: Date | null;
};

/**
 * The last feedback question that went out to the member (a skipped one, while paused say, asked
 * nothing), with their answer; null when none did.
 */
export async function lastFeedbackQuestion(userId: string, executor: Executor = db()): Promise<FeedbackQuestion | null> {
  const [row] = await executor<QuestionRow[]>`
    select s.seat_id, s.cohort_id, c.cohort_name, s.created_at as asked_at, f.score, f.comment, f.created_at as answered_at
    from public.programme_sends s
      join public.cohorts c on c.id = s.cohort_id
      left join public.programme_feedback f on f.seat_id = s.seat_id
    where s.user_id = ${userId} and s.message = 'feedback' and s.channel <> 'skipped'
    order by s.created_at desc, s.id desc
    limit 1`;
  if (!row) return null;
  return {
    seatId: row.seat_id,
    cohortId: row.cohort_id,
    cohortName: row.cohort_name,
    askedAt: row.asked_at,
    answer: row.score === null ? null : { score: Number(row.score), comment: row.comment, answeredAt: row.answered_at ?? row.asked_at },
  };
}

export type FeedbackAnswer = { seatId: string; userId: string; cohortId: string; score: number; comment: string | null };

/** Keeps the member's answer for the seat; false when the seat already has one (which stays). */
export async function insertFeedback(answer: FeedbackAnswer, executor: Executor = db()): Promise<boolean> {
  const rows = await executor`
    insert into public.programme_feedback (seat_id, user_id, cohort_id, score, comment)
    values (${answer.seatId}, ${answer.userId}, ${answer.cohortId}, ${answer.score}, ${answer.comment})
    on conflict (seat_id) do nothing
    returning seat_id`;
  return rows.length > 0;
}
