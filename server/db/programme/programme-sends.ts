import "server-only";
import type { TransactionSql } from "postgres";
import type { ProgrammeMessage } from "@/lib/programme/programme-schedule";
import type { Executor } from "../client";

// The programme's decisions (public.programme_sends, docs/programme.md): one row per seat, message
// and the member's local date, written before the message is queued and in the same transaction,
// so a message is queued only by the run whose row went in.

export type ProgrammeDecision = {
  seatId: string;
  userId: string;
  cohortId: string;
  message: ProgrammeMessage;
  forDate: string;
  day: number | null;
  channel: "bot" | "email" | "skipped";
  skippedReason: string | null;
};

export type RecordedDecision = { id: string; seatId: string; message: ProgrammeMessage; forDate: string };

/** Records the decisions not recorded before; the ones that went in (the others were decided already). */
export async function insertProgrammeDecisions(tx: TransactionSql, decisions: ProgrammeDecision[]): Promise<RecordedDecision[]> {
  if (decisions.length === 0) return [];
  const rows = decisions.map((d) => ({
    seat_id: d.seatId,
    user_id: d.userId,
    cohort_id: d.cohortId,
    message: d.message,
    for_date: d.forDate,
    day: d.day,
    channel: d.channel,
    skipped_reason: d.skippedReason,
  }));
  const inserted = await tx<{ id: string; seat_id: string; message: ProgrammeMessage; for_date: string }[]>`
    insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, day, channel, skipped_reason)
    select x.seat_id, x.user_id, x.cohort_id, x.message, x.for_date, x.day, x.channel, x.skipped_reason
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as x(
      seat_id uuid, user_id uuid, cohort_id uuid, message text, for_date date, day smallint, channel text, skipped_reason text)
    on conflict (seat_id, message, for_date) do nothing
    returning id, seat_id, message, to_char(for_date, 'YYYY-MM-DD') as for_date`;
  return inserted.map((row) => ({ id: row.id, seatId: row.seat_id, message: row.message, forDate: row.for_date }));
}

/** Points each recorded decision at the outgoing row that carries it. */
export async function linkProgrammeSends(
  tx: TransactionSql,
  links: { id: string; telegramMessageId?: string; emailOutboxId?: string }[],
): Promise<void> {
  if (links.length === 0) return;
  const rows = links.map((l) => ({ id: l.id, telegram_message_id: l.telegramMessageId ?? null, email_outbox_id: l.emailOutboxId ?? null }));
  await tx`
    update public.programme_sends ps
    set telegram_message_id = coalesce(x.telegram_message_id, ps.telegram_message_id),
      email_outbox_id = coalesce(x.email_outbox_id, ps.email_outbox_id)
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as x(id uuid, telegram_message_id uuid, email_outbox_id uuid)
    where ps.id = x.id`;
}

/** A programme message that went by the bot, with the member's confirmed address for moving it to email. */
export type BotProgrammeSend = {
  id: string;
  userId: string;
  email: string | null;
  message: ProgrammeMessage;
  day: number | null;
  cohortId: string;
  cohortName: string;
  start: Date | null;
  end: Date | null;
  durationDays: number;
};

type BotSendRow = {
  id: string;
  user_id: string;
  email: string | null;
  message: ProgrammeMessage;
  day: number | null;
  cohort_id: string;
  cohort_name: string;
  start_cohort_date: Date | null;
  end_cohort_date: Date | null;
  duration_days: number;
};

/** The programme decision a bot message carries, locked for the move to email; null for any other message. */
export async function lockProgrammeSendOfTelegramMessage(tx: TransactionSql, telegramMessageId: string): Promise<BotProgrammeSend | null> {
  const [row] = await tx<BotSendRow[]>`
    select ps.id, ps.user_id, case when a.email_confirmed_at is not null then u.email end as email, ps.message, ps.day,
      ps.cohort_id, c.cohort_name, c.start_cohort_date, c.end_cohort_date, c.duration_days
    from public.programme_sends ps
      join public.users u on u.id = ps.user_id
      join public.cohorts c on c.id = ps.cohort_id
      left join auth.users a on a.id = ps.user_id
    where ps.telegram_message_id = ${telegramMessageId} and ps.channel = 'bot'
    for update of ps`;
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    message: row.message,
    day: row.day,
    cohortId: row.cohort_id,
    cohortName: row.cohort_name,
    start: row.start_cohort_date,
    end: row.end_cohort_date,
    durationDays: Number(row.duration_days),
  };
}

/** The decision now goes by email (the bot was blocked), or is skipped when there is no address. */
export async function moveProgrammeSendOffBot(tx: TransactionSql, id: string, emailOutboxId: string | null, reason: string): Promise<void> {
  await tx`
    update public.programme_sends
    set channel = ${emailOutboxId ? "email" : "skipped"}, email_outbox_id = ${emailOutboxId},
      skipped_reason = ${emailOutboxId ? null : reason}
    where id = ${id}`;
}

/** The member blocked the coach bot: programme messages go by email until they link it again. */
export async function markBotBlocked(sql: Executor, userId: string): Promise<void> {
  await sql`
    insert into public.programme_preferences (user_id, bot_blocked_at) values (${userId}, now())
    on conflict (user_id) do update set bot_blocked_at = coalesce(public.programme_preferences.bot_blocked_at, now()), updated_at = now()`;
}
