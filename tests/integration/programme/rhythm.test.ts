import { beforeAll, describe, expect, it } from "vitest";
import { SKIP_REASONS } from "@/lib/programme/programme-schedule";
import { db } from "@/server/db/client";
import { runProgrammeRhythm } from "@/server/programme/programme-rhythm";
import { queueTelegramMessage } from "@/server/telegram/queue-telegram-message";
import { suiteSql } from "../../fixtures/db";
import { waitForMail } from "../../fixtures/inbox";
import { jobsSettled } from "../../fixtures/jobs";
import { eventually, signedInMember } from "../../fixtures/payments";
import { botMessages, suiteTelegram, telegramUser } from "../../fixtures/telegram";

// The programme's rhythm driven through a whole cohort with a controlled clock: the scheduler is
// called hour by hour from nine days before the start to two days after the end (as the
// every-minute job would be, with an outage on one morning), the jobs it queues run as in the app,
// and what reached each chat of the Telegram stand-in and each inbox of the mail catcher is exactly
// the programme: once per message, at each member's own hour, in their own zone.

const sql = suiteSql();
const telegram = await suiteTelegram();

const HOUR_MS = 3_600_000;
const START = "2027-03-08T00:00:00Z"; // Day 7 is 14 March, when the US changes to summer time.
const END = "2027-03-22T00:00:00Z";
const FROM = new Date("2027-02-27T12:00:00Z");
const UNTIL = new Date("2027-03-24T12:00:00Z");
// The scheduler did not run that morning: 06:00 to 11:59 UTC.
const OUTAGE = { from: new Date("2027-03-10T06:00:00Z"), until: new Date("2027-03-10T12:00:00Z") };

type Member = { key: string; userId: string; email: string; seatId: string; chatId: number | null };

let cohortId = "";
type MemberKey = "la" | "kolkata" | "auckland" | "paused" | "blocked" | "outage" | "late";
const members = {} as Record<MemberKey, Member>;
/** When (on the controlled clock) each decision was made, by seat and message|date. */
const decidedAt = new Map<string, Date>();

async function member(
  key: string,
  options: { zone: string | null; hour: number; bot: boolean; enrolledAt?: Date; paused?: boolean },
): Promise<Member> {
  const account = await signedInMember(`rhythm-${key}`);
  await sql`update public.users set time_zone = ${options.zone} where id = ${account.userId}`;
  const [seat] = await sql<{ id: string }[]>`
    insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
    values (${cohortId}, ${account.userId}, ${account.email}, 'enrolled', 'participant', ${options.enrolledAt ?? FROM}) returning id`;
  await sql`
    insert into public.programme_preferences (user_id, morning_hour, paused) values (${account.userId}, ${options.hour}, ${options.paused ?? false})`;
  let chatId: number | null = null;
  if (options.bot) {
    const user = telegramUser(`Kim${key}`);
    telegram.standIn.rememberUsers([user]);
    await sql`
      insert into public.telegram_links (user_id, telegram_user_id, chat_id, first_name)
      values (${account.userId}, ${user.id}, ${user.id}, ${user.first_name})`;
    chatId = user.id;
  }
  return { key, userId: account.userId, email: account.email, seatId: seat!.id, chatId };
}

/** The decisions made since the last look, noted with the controlled clock's instant. */
async function noteDecisions(at: Date, since: Date): Promise<Date> {
  const rows = await sql<{ seat_id: string; message: string; for_date: string; created_at: Date }[]>`
    select seat_id, message, to_char(for_date, 'YYYY-MM-DD') as for_date, created_at from public.programme_sends
    where cohort_id = ${cohortId} and created_at > ${since}`;
  let latest = since;
  for (const row of rows) {
    // The first look that saw it: `since` holds milliseconds, the row's time microseconds, so the
    // newest row of one look is seen again by the next.
    const key = `${row.seat_id}|${row.message}|${row.for_date}`;
    if (!decidedAt.has(key)) decidedAt.set(key, at);
    if (row.created_at > latest) latest = row.created_at;
  }
  return latest;
}

async function sends(seatId: string) {
  return sql<{ message: string; for_date: string; day: number | null; channel: string; skipped_reason: string | null }[]>`
    select message, to_char(for_date, 'YYYY-MM-DD') as for_date, day, channel, skipped_reason
    from public.programme_sends where seat_id = ${seatId} order by for_date, message`;
}

const mornings = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `day ${from + i} of 14`);

beforeAll(async () => {
  const [cohort] = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
    values ('Rhythm cohort', 'A cohort driven by a test clock.', 'upcoming', ${START}, ${END}, 14, 50) returning id`;
  cohortId = cohort!.id;
  members.la = await member("la", { zone: "America/Los_Angeles", hour: 8, bot: true });
  members.kolkata = await member("kolkata", { zone: "Asia/Kolkata", hour: 7, bot: false });
  members.auckland = await member("auckland", { zone: "Pacific/Auckland", hour: 8, bot: true });
  members.paused = await member("paused", { zone: null, hour: 8, bot: true, paused: true });
  members.blocked = await member("blocked", { zone: "Europe/London", hour: 20, bot: true });
  members.outage = await member("outage", { zone: "UTC", hour: 8, bot: true });
  members.late = await member("late", { zone: "UTC", hour: 8, bot: true, enrolledAt: new Date("2027-03-10T09:00:00Z") });

  let since = new Date(Date.now() - 1000);
  for (let t = FROM.getTime(); t <= UNTIL.getTime(); t += HOUR_MS) {
    const now = new Date(t);
    if (now >= OUTAGE.from && now < OUTAGE.until) continue;
    // The member who blocks the bot does so before day 3's message; the bot is down for an hour on Auckland's day 10.
    if (now.toISOString() === "2027-03-10T19:00:00.000Z") {
      await jobsSettled(sql, 30_000);
      telegram.standIn.setSendFault(members.blocked.chatId!, {
        kind: "error",
        status: 403,
        description: "Forbidden: bot was blocked by the user",
      });
    }
    if (now.toISOString() === "2027-03-16T19:00:00.000Z") {
      await jobsSettled(sql, 30_000);
      telegram.standIn.setSendFault(members.auckland.chatId!, { kind: "error", status: 502, description: "Bad Gateway", times: 3 });
    }
    const summary = await runProgrammeRhythm(now);
    if (summary.due > 0) since = await noteDecisions(now, since);
  }
  await jobsSettled(sql, 60_000);
  // A message whose attempt failed waits out its backoff as a job not yet due, which jobsSettled
  // does not wait for: every bot message queued is sent (or refused for good) before the checks.
  await eventually(async () => {
    const [waiting] = await sql<{ count: number }[]>`
      select count(*)::int as count from public.programme_sends ps
      join public.telegram_outgoing_messages m on m.id = ps.telegram_message_id
      where ps.cohort_id = ${cohortId} and m.sent_at is null`;
    if (waiting!.count > 0) throw new Error(`${waiting!.count} bot messages still unsent`);
  }, 60_000);
}, 600_000);

describe("the programme's rhythm through a cohort's 14 days", () => {
  it("sends a bot member everything once, in order, at their hour across the US summer-time change", () => {
    const chat = botMessages(telegram.standIn, members.la.chatId!);
    expect(chat).toHaveLength(19);
    expect(chat[0]).toContain("Welcome to Rhythm cohort, Kimla!");
    expect(chat[0]).toContain("Day 1 is Mon, Mar 8, 2027");
    expect(chat[0]).toContain("order one now");
    expect(chat[1]).toContain("starts in a week");
    expect(chat[2]).toContain("starts tomorrow, Mon, Mar 8, 2027. Your first plan arrives at 08:00 (America/Los_Angeles)");
    mornings(1, 14).forEach((line, i) => expect(chat[3 + i]).toContain(`Rhythm cohort: ${line}`));
    expect(chat[9]).toContain("day 7 of 14, review day");
    expect(chat[16]).toContain("day 14 of 14, review day");
    expect(chat[17]).toContain("How was it?");
    expect(chat[18]).toMatch(/referral link pays you 20% of every plan a friend buys: http\S+\?via=/);
    for (const message of chat) expect(message).toMatch(/Change the hour or the channel, or pause: http\S+\/dashboard#programme$/);
    const at = (message: string, date: string) => decidedAt.get(`${members.la.seatId}|${message}|${date}`)?.toISOString();
    expect(at("morning", "2027-03-13")).toBe("2027-03-13T16:00:00.000Z"); // 08:00 PST
    expect(at("morning", "2027-03-14")).toBe("2027-03-14T15:00:00.000Z"); // 08:00 PDT
    expect(at("week-before", "2027-03-01")).toBe("2027-03-01T16:00:00.000Z");
  });

  it("times a member ahead of UTC on their own calendar (Auckland), and sends once after the bot was down", async () => {
    const chat = botMessages(telegram.standIn, members.auckland.chatId!);
    expect(chat).toHaveLength(19);
    expect(chat.filter((message) => message.includes("day 10 of 14"))).toHaveLength(1);
    expect(decidedAt.get(`${members.auckland.seatId}|morning|2027-03-08`)?.toISOString()).toBe("2027-03-07T19:00:00.000Z");
    const [retried] = await sql<{ attempts: number; outcome: string }[]>`
      select m.attempts, m.outcome from public.programme_sends ps join public.telegram_outgoing_messages m on m.id = ps.telegram_message_id
      where ps.seat_id = ${members.auckland.seatId} and ps.message = 'morning' and ps.day = 10`;
    expect(retried?.outcome).toBe("sent");
    expect(retried?.attempts).toBeGreaterThan(1);
    // Three calls refused while the bot was down, then each message once.
    expect(telegram.standIn.sendAttempts(members.auckland.chatId!)).toBe(19 + 3);
  });

  it("sends a member without the bot everything by email, the link-bot line before the start", async () => {
    const inbox = await waitForMail(members.kolkata.email, 19);
    expect(inbox).toHaveLength(19);
    // The outbox's workers send side by side, so the inbox's order is not the programme's: each once.
    expect(inbox.map((mail) => mail.subject).sort()).toEqual(
      [
        "Welcome to Rhythm cohort",
        "Rhythm cohort starts in a week",
        "Rhythm cohort starts tomorrow",
        ...mornings(1, 14).map((line) => `Rhythm cohort: ${line}`),
        "How was Rhythm cohort?",
        "Share your story",
      ].sort(),
    );
    const dayBefore = inbox.find((mail) => mail.subject === "Rhythm cohort starts tomorrow")!;
    expect(dayBefore.text).toContain("Link the coach bot on your dashboard");
    expect(dayBefore.text).toContain("cohort-start.ics");
    expect(inbox.find((mail) => mail.subject === "How was Rhythm cohort?")!.text).toContain("Answer on your dashboard");
    expect(decidedAt.get(`${members.kolkata.seatId}|morning|2027-03-08`)?.toISOString()).toBe("2027-03-08T02:00:00.000Z");
  });

  it("sends a paused member nothing and records each message as skipped", async () => {
    expect(botMessages(telegram.standIn, members.paused.chatId!)).toEqual([]);
    const rows = await sends(members.paused.seatId);
    expect(rows.length).toBe(19);
    expect(rows.every((row) => row.channel === "skipped")).toBe(true);
    // Day 3's hour fell in the outage: late before it was paused.
    expect(rows.filter((row) => row.skipped_reason !== SKIP_REASONS.paused)).toEqual([
      { message: "morning", for_date: "2027-03-10", day: 3, channel: "skipped", skipped_reason: SKIP_REASONS.late },
    ]);
    // Without a zone the member's hour is read in UTC.
    expect(decidedAt.get(`${members.paused.seatId}|morning|2027-03-09`)?.toISOString()).toBe("2027-03-09T08:00:00.000Z");
  });

  it("moves a member who blocked the bot to email, with the refused message, and notes it", async () => {
    const chat = botMessages(telegram.standIn, members.blocked.chatId!);
    expect(chat).toHaveLength(5);
    expect(chat[4]).toContain("day 2 of 14");
    const inbox = await waitForMail(members.blocked.email, 14);
    expect(inbox.map((mail) => mail.subject).sort()).toEqual(
      [...mornings(3, 14).map((line) => `Rhythm cohort: ${line}`), "How was Rhythm cohort?", "Share your story"].sort(),
    );
    expect(inbox.find((mail) => mail.subject === "Rhythm cohort: day 3 of 14")!.text).toContain("Today's plan");
    const [preferences] = await sql`select bot_blocked_at from public.programme_preferences where user_id = ${members.blocked.userId}`;
    expect(preferences?.bot_blocked_at).toBeInstanceOf(Date);
    const [day3] = await sql`
      select channel, email_outbox_id, telegram_message_id from public.programme_sends
      where seat_id = ${members.blocked.seatId} and message = 'morning' and day = 3`;
    expect(day3).toMatchObject({ channel: "email", email_outbox_id: expect.any(String), telegram_message_id: expect.any(String) });
    expect(telegram.standIn.sendAttempts(members.blocked.chatId!)).toBe(6);
  });

  it("skips a morning whose hour passed during an outage, and sends the next one", async () => {
    const chat = botMessages(telegram.standIn, members.outage.chatId!);
    expect(chat).toHaveLength(18);
    expect(chat.some((message) => message.includes("day 3 of 14"))).toBe(false);
    const rows = await sends(members.outage.seatId);
    expect(rows.find((row) => row.day === 3)).toMatchObject({ channel: "skipped", skipped_reason: SKIP_REASONS.late });
    expect(decidedAt.get(`${members.outage.seatId}|morning|2027-03-10`)?.toISOString()).toBe("2027-03-10T12:00:00.000Z");
  });

  it("sends no welcome or reminder once the start passed, and the mornings from the next one", async () => {
    const chat = botMessages(telegram.standIn, members.late.chatId!);
    expect(chat).toHaveLength(13);
    expect(chat[0]).toContain("day 4 of 14");
    const rows = await sends(members.late.seatId);
    expect(rows.find((row) => row.message === "enrolled")).toMatchObject({ channel: "skipped", skipped_reason: SKIP_REASONS.started });
    expect(rows.some((row) => row.message === "week-before" || row.message === "day-before")).toBe(false);
  });

  it("queues a message once however often the scheduler runs in the same minute", async () => {
    const instant = new Date("2027-03-15T16:00:00Z");
    await sql`delete from public.programme_sends where seat_id = ${members.la.seatId} and message = 'morning' and day = 8`;
    const runs = await Promise.all([runProgrammeRhythm(instant), runProgrammeRhythm(instant)]);
    const again = await runProgrammeRhythm(instant);
    expect(runs[0].bot + runs[1].bot).toBe(1);
    expect(again.due).toBe(0);
    await jobsSettled(sql, 30_000);
    const chat = botMessages(telegram.standIn, members.la.chatId!);
    expect(chat.filter((message) => message.includes("day 8 of 14"))).toHaveLength(2);
  });

  it("leaves a refused message that is not the programme's as it was: undeliverable, nothing by email", async () => {
    const before = (await waitForMail(members.blocked.email, 14)).length;
    const id = await db().begin((tx) => queueTelegramMessage(tx, members.blocked.chatId!, "Not a programme message"));
    await jobsSettled(sql, 30_000);
    const [message] = await sql`select outcome from public.telegram_outgoing_messages where id = ${id}`;
    expect(message?.outcome).toBe("undeliverable");
    expect(await waitForMail(members.blocked.email, before + 1, 10)).toHaveLength(before);
  });
});
