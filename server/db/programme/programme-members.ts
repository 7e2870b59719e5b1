import "server-only";
import { db, type Executor } from "../client";

// The members the programme's rhythm may concern at an instant (docs/programme.md), read in one
// statement however many they are: the enrolled participants of cohorts from a little over a week
// before their start to a few days after their end, and anyone who enrolled in the last day (whose
// welcome is due, however far their start), with what their messages are composed and routed by.

export type ProgrammeMember = {
  seatId: string;
  userId: string;
  cohortId: string;
  cohortName: string;
  start: Date | null;
  end: Date | null;
  durationDays: number;
  enrolledAt: Date;
  timeZone: string | null;
  morningHour: number;
  channel: "bot" | "email";
  paused: boolean;
  botBlocked: boolean;
  /** The linked coach bot chat, or null. */
  chatId: number | null;
  firstName: string | null;
  /** The account's address once it is confirmed; null otherwise (programme mail goes nowhere else). */
  email: string | null;
  hasCgm: boolean;
  referralCode: string | null;
  /** The decisions recorded for the seat lately, as `message|YYYY-MM-DD`. */
  decided: string[];
};

type Row = {
  seat_id: string;
  user_id: string;
  cohort_id: string;
  cohort_name: string;
  start_cohort_date: Date | null;
  end_cohort_date: Date | null;
  duration_days: number;
  enrolled_at: Date;
  time_zone: string | null;
  morning_hour: number;
  channel: "bot" | "email";
  paused: boolean;
  bot_blocked: boolean;
  chat_id: string | null;
  first_name: string | null;
  email: string | null;
  has_cgm: boolean | null;
  referral_code: string | null;
  decided: string[];
};

const toMember = (row: Row): ProgrammeMember => ({
  seatId: row.seat_id,
  userId: row.user_id,
  cohortId: row.cohort_id,
  cohortName: row.cohort_name,
  start: row.start_cohort_date,
  end: row.end_cohort_date,
  durationDays: Number(row.duration_days),
  enrolledAt: row.enrolled_at,
  timeZone: row.time_zone,
  morningHour: Number(row.morning_hour),
  channel: row.channel,
  paused: row.paused,
  botBlocked: row.bot_blocked,
  chatId: row.chat_id === null ? null : Number(row.chat_id),
  firstName: row.first_name,
  email: row.email,
  hasCgm: row.has_cgm ?? false,
  referralCode: row.referral_code,
  decided: row.decided,
});

/** The programme's members around `now`, with the decisions recorded for them since three days before. */
export async function readProgrammeMembers(now: Date, sql: Executor = db()): Promise<ProgrammeMember[]> {
  const rows = await sql<Row[]>`
    with near as (
      select id from public.cohorts
      where start_cohort_date is not null
        and start_cohort_date <= ${now}::timestamptz + interval '9 days'
        and coalesce(end_cohort_date, start_cohort_date + duration_days * interval '1 day') >= ${now}::timestamptz - interval '4 days'
    ),
    seats as (
      select s.id from public.cohort_seats s join near on near.id = s.cohort_id
      where s.status = 'enrolled' and s.role = 'participant' and s.user_id is not null
      union
      select s.id from public.cohort_seats s
      where s.status = 'enrolled' and s.role = 'participant' and s.user_id is not null
        and s.enrolled_at > ${now}::timestamptz - interval '1 day'
    )
    select s.id as seat_id, s.user_id, s.cohort_id, c.cohort_name, c.start_cohort_date, c.end_cohort_date, c.duration_days,
      s.enrolled_at, u.time_zone, coalesce(p.morning_hour, 8) as morning_hour, coalesce(p.channel, 'bot') as channel,
      coalesce(p.paused, false) as paused, p.bot_blocked_at is not null as bot_blocked, l.chat_id, l.first_name,
      case when a.email_confirmed_at is not null then u.email end as email, o.has_cgm, af.code as referral_code,
      coalesce(d.decided, '{}') as decided
    from seats
      join public.cohort_seats s on s.id = seats.id
      join public.cohorts c on c.id = s.cohort_id
      join public.users u on u.id = s.user_id
      left join auth.users a on a.id = s.user_id
      left join public.programme_preferences p on p.user_id = s.user_id
      left join public.telegram_links l on l.user_id = s.user_id
      left join public.orders o on o.id = s.order_id
      left join public.affiliates af on af.user_id = s.user_id
      left join lateral (
        select array_agg(ps.message || '|' || to_char(ps.for_date, 'YYYY-MM-DD')) as decided
        from public.programme_sends ps
        where ps.seat_id = s.id and ps.for_date >= (${now}::timestamptz - interval '3 days')::date
      ) d on true
    where c.start_cohort_date is not null`;
  return rows.map(toMember);
}
