import type { Sql } from "postgres";

// The programme bench's members: one active cohort (on its fifth day or so) of `count` enrolled
// participants, each with an account in one of a few zones, the coach bot linked (a chat id of its
// own) and a morning hour that is the hour their own clock reads now, so every one's morning message
// is due at the scheduler's next tick. Written set-based, in one transaction, as the Auth stand-in
// writes a confirmed account (auth.users' row triggers off for it: public.users is written here).

/** Whole-hour zones on both sides of UTC: every member's morning falls due at the same instant. */
export const BENCH_ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"] as const;

export type ProgrammeSeed = {
  run: string;
  cohortId: string;
  /** The members' chat ids: firstChatId, firstChatId + 1, ... (their Telegram user ids too). */
  firstChatId: number;
  count: number;
};

/** The hour a zone's wall clock reads at `at`. */
export function localHour(zone: string, at: Date): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(at);
  return Number(hour);
}

export async function seedProgrammeMembers(sql: Sql, count: number, now: Date = new Date()): Promise<ProgrammeSeed> {
  const run = now.getTime().toString(36);
  // Above the fixtures' and the scale seed's ranges, and another range each run.
  const firstChatId = 3_000_000_000 + (now.getTime() % 1_000_000) * 1000;
  const zones = [...BENCH_ZONES];
  const hours = zones.map((zone) => localHour(zone, now));
  const cohortId = await sql.begin(async (tx) => {
    const [cohort] = await tx<{ id: string }[]>`
      insert into public.cohorts (cohort_name, cohort_description, status, language, start_cohort_date, end_cohort_date,
        end_postcohort_date, participant_cap, participant_count, prospective_participant_count)
      values ('Programme bench ' || ${run}, 'Members whose morning message falls due in the same minute.', 'active', 'en',
        date_trunc('day', now()) - interval '4 days', date_trunc('day', now()) + interval '10 days',
        date_trunc('day', now()) + interval '24 days', ${count}, ${count}, ${count})
      returning id`;
    await tx`
      create temp table programme_bench_members on commit drop as
      select n, gen_random_uuid() as id, ('programme.' || ${run} || '.' || lpad(n::text, 6, '0') || '@example.com')::text as email,
        (${zones}::text[])[1 + n % ${zones.length}] as zone, (${hours}::int[])[1 + n % ${zones.length}] as hour
      from generate_series(0, ${count - 1}::int) n`;
    await tx`set local session_replication_role = replica`;
    await tx`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
        raw_user_meta_data, created_at, updated_at, is_anonymous)
      select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now() - interval '20 days',
        '{"provider": "email", "providers": ["email"]}', '{}', now() - interval '20 days', now() - interval '20 days', false
      from programme_bench_members`;
    await tx`set local session_replication_role = origin`;
    await tx`
      insert into public.users (id, email, time_zone, created_at, updated_at)
      select id, email, zone, now() - interval '20 days', now() - interval '20 days' from programme_bench_members`;
    await tx`
      insert into public.cohort_seats (cohort_id, user_id, email, role, status, enrolled_at, created_at, updated_at)
      select ${cohort!.id}, id, email, 'participant', 'enrolled', now() - interval '10 days', now() - interval '10 days', now() - interval '10 days'
      from programme_bench_members`;
    await tx`
      insert into public.telegram_links (user_id, telegram_user_id, chat_id, first_name, linked_at)
      select id, ${firstChatId}::bigint + n, ${firstChatId}::bigint + n, 'Member ' || n, now() - interval '9 days'
      from programme_bench_members`;
    await tx`
      insert into public.programme_preferences (user_id, morning_hour, channel)
      select id, hour, 'bot' from programme_bench_members`;
    return cohort!.id;
  });
  return { run, cohortId, firstChatId, count };
}

export type ProgrammeProgress = {
  /** Decisions recorded for the bench's cohort today (one per member once the tick ran). */
  decided: number;
  /** Its bot messages queued, and those Telegram accepted (sent). */
  queued: number;
  sent: number;
  /** Telegram refused for good (none expected). */
  undeliverable: number;
  /** Bot messages to the bench's chats: more than one to a chat would be a message sent twice. */
  chatsTwice: number;
  lastSentAt: Date | null;
};

/** How far the bench cohort's morning has gone, from the database. */
export async function programmeProgress(sql: Sql, seed: ProgrammeSeed): Promise<ProgrammeProgress> {
  const [row] = await sql<(ProgrammeProgress & { last_sent_at: Date | null; chats_twice: number })[]>`
    with sends as (
      select ps.telegram_message_id from public.programme_sends ps where ps.cohort_id = ${seed.cohortId}
    ), messages as (
      select m.chat_id, m.outcome, m.sent_at from public.telegram_outgoing_messages m
      where m.chat_id >= ${seed.firstChatId} and m.chat_id < ${seed.firstChatId + seed.count}
    )
    select (select count(*)::int from sends) as decided,
      (select count(*)::int from messages) as queued,
      (select count(*)::int from messages where outcome = 'sent') as sent,
      (select count(*)::int from messages where outcome = 'undeliverable') as undeliverable,
      (select count(*)::int from (select chat_id from messages group by chat_id having count(*) > 1) t) as chats_twice,
      (select max(sent_at) from messages) as last_sent_at`;
  return {
    decided: row?.decided ?? 0,
    queued: row?.queued ?? 0,
    sent: row?.sent ?? 0,
    undeliverable: row?.undeliverable ?? 0,
    chatsTwice: row?.chats_twice ?? 0,
    lastSentAt: row?.last_sent_at ?? null,
  };
}

/**
 * The tick that found the members due: the last programme-rhythm job started before the first of
 * their decisions was recorded (its run reads the members, then records and queues in batches).
 */
export async function rhythmTickOf(sql: Sql, seed: ProgrammeSeed): Promise<{ startedOn: Date; completedOn: Date | null } | null> {
  const [row] = await sql<{ started_on: Date; completed_on: Date | null }[]>`
    select started_on, completed_on from pgboss.job
    where name = 'programme-rhythm'
      and started_on <= (select min(created_at) from public.programme_sends where cohort_id = ${seed.cohortId})
    order by started_on desc limit 1`;
  return row ? { startedOn: row.started_on, completedOn: row.completed_on } : null;
}
