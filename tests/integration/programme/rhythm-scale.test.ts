import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEngine } from "@/server/jobs/job-engine";
import { runProgrammeRhythm } from "@/server/programme/programme-rhythm";
import { suiteSql } from "../../fixtures/db";

// 10,000 members of one cohort whose morning message falls in the same minute: one run of the
// scheduler reads them in one statement, decides and queues every message (a row and a job each) in
// transactions of 200, and a second run in the same minute queues nothing. The sending itself, at
// Telegram's 30 a second, is the bench's to time; this file's workers do not send.

const sql = suiteSql();
const MEMBERS = 10_000;
const START = "2027-05-03T00:00:00Z";
let cohortId = "";
let run = "";

beforeAll(async () => {
  await jobEngine().offWork("telegram-message");
  const [cohort] = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
    values ('Crowded cohort', 'Ten thousand members.', 'upcoming', ${START}, '2027-05-17T00:00:00Z', 14, 10000) returning id`;
  cohortId = cohort!.id;
  run = Math.random().toString(36).slice(2, 8);
  await sql`
    insert into auth.users (id, email, email_confirmed_at)
    select gen_random_uuid(), 'scale-' || ${run} || '-' || n || '@example.org', now() from generate_series(1, ${MEMBERS}) as n`;
  await sql`
    insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
    select ${cohort!.id}, u.id, u.email, 'enrolled', 'participant', '2027-04-01T00:00:00Z'
    from public.users u where u.email like ${`scale-${run}-%`}`;
  await sql`
    insert into public.telegram_links (user_id, telegram_user_id, chat_id)
    select s.user_id, 900000000 + row_number() over (), 900000000 + row_number() over ()
    from public.cohort_seats s where s.cohort_id = ${cohort!.id}`;
}, 300_000);

// The run's database is shared with the files after this one: the crowd and its unsent messages go.
afterAll(async () => {
  await sql`update pgboss.job set state = 'cancelled', completed_on = now() where name = 'telegram-message' and state = 'created'`;
  await sql`
    delete from public.telegram_outgoing_messages where id in (
      select telegram_message_id from public.programme_sends where cohort_id = ${cohortId} and telegram_message_id is not null)`;
  await sql`delete from public.programme_sends where cohort_id = ${cohortId}`;
  await sql`delete from public.cohort_seats where cohort_id = ${cohortId}`;
  await sql`delete from public.cohorts where id = ${cohortId}`;
  await sql`delete from auth.users where email like ${`scale-${run}-%`}`;
}, 300_000);

describe("the programme's rhythm for 10,000 members in the same minute", () => {
  it("queues each morning message once, within the minute", async () => {
    const now = new Date("2027-05-03T08:00:00Z");
    const started = performance.now();
    const first = await runProgrammeRhythm(now);
    const firstMs = performance.now() - started;
    const again = performance.now();
    const second = await runProgrammeRhythm(now);
    const secondMs = performance.now() - again;
    console.info(`programme rhythm, ${MEMBERS} members: first run ${Math.round(firstMs)} ms, second run ${Math.round(secondMs)} ms`);
    expect(first).toMatchObject({ members: MEMBERS, due: MEMBERS, bot: MEMBERS, email: 0, skipped: 0 });
    expect(second).toMatchObject({ members: MEMBERS, due: 0 });
    expect(firstMs).toBeLessThan(60_000);
    // Queued in bulk, each job still has its queue's retry policy and expiry.
    const [jobs] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job j join public.programme_sends ps on ps.telegram_message_id = (j.data->>'messageId')::uuid
      where j.name = 'telegram-message' and ps.for_date = '2027-05-03' and j.state = 'created'
        and j.retry_limit = 12 and j.expire_in = interval '60 seconds'`;
    expect(jobs?.n).toBe(MEMBERS);
  }, 120_000);
});
