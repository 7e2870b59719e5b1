import { describe, expect, it } from "vitest";
import { encodeKeysetCursor, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import { getOperatorCohort } from "@/server/db/operator/operator-cohorts";
import { cohortProgrammeReport, PROGRAMME_SENDS_PAGE_SIZE } from "@/server/operator/programme-cohort-report";
import { parseCursor } from "@/lib/operator/list-query";
import { suiteSql } from "../../fixtures/db";
import { createCohort, insertPaidOrder, signedInMember } from "../../fixtures/payments";

// The operator's cohort page shows what the programme did: the messages it decided for each member
// (sent by the bot or by email, or skipped with the reason), newest first a page at a time; what is
// next on the cohort's dates; who was moved to email because they blocked the bot; the feedback.

const sql = suiteSql();

async function member(cohortId: string, label: string) {
  const person = await signedInMember(label);
  await insertPaidOrder(sql, { userId: person.userId, email: person.email, cohortId, seated: true });
  const [seat] = await sql<
    { id: string }[]
  >`select id from public.cohort_seats where cohort_id = ${cohortId} and user_id = ${person.userId}`;
  return { ...person, seatId: seat!.id };
}

async function report(cohortId: string, after: KeysetCursor | null = null, now = new Date()) {
  const cohort = await getOperatorCohort(cohortId);
  return cohortProgrammeReport(cohort!, after, now);
}

describe("the programme on the operator's cohort page", () => {
  it("lists what went out newest first, a page at a time without repeating or skipping a row, with each channel or skip reason", async () => {
    const cohortId = await createCohort(sql, { startsInDays: -3 });
    const ada = await member(cohortId, "programme-ada");
    const ben = await member(cohortId, "programme-ben");
    // 60 mornings for Ada, two of them in the same microsecond (the id breaks the tie), and Ben's
    // three messages: by email, skipped, by the bot.
    await sql`
      insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, day, channel, created_at)
      select ${ada.seatId}, ${ada.userId}, ${cohortId}, 'morning', date '2027-01-01' + n, least(n, 60), 'bot',
        timestamptz '2027-01-01 08:00:00Z' + make_interval(mins => case when n = 30 then 29 else n end)
      from generate_series(1, 60) n`;
    await sql`
      insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, day, channel, skipped_reason, created_at) values
        (${ben.seatId}, ${ben.userId}, ${cohortId}, 'week-before', '2026-12-20', null, 'email', null, '2027-03-01 08:00:00Z'),
        (${ben.seatId}, ${ben.userId}, ${cohortId}, 'morning', '2027-01-04', 4, 'skipped', 'its hour passed more than 3 hours ago', '2027-03-01 09:00:00Z'),
        (${ben.seatId}, ${ben.userId}, ${cohortId}, 'feedback', '2027-01-15', null, 'bot', null, '2027-03-01 10:00:00Z')`;

    const first = await report(cohortId);
    expect(first.sends.rows).toHaveLength(PROGRAMME_SENDS_PAGE_SIZE);
    expect(first.sends.after).toBeNull();
    expect(
      first.sends.rows.slice(0, 3).map((row) => [row.email, row.message, row.day, row.channel, row.skippedReason, row.forDate]),
    ).toEqual([
      [ben.email, "feedback", null, "bot", null, "2027-01-15"],
      [ben.email, "morning", 4, "skipped", "its hour passed more than 3 hours ago", "2027-01-04"],
      [ben.email, "week-before", null, "email", null, "2026-12-20"],
    ]);
    // The cursor travels through the page's URL as text.
    const cursor = parseCursor(encodeKeysetCursor(first.sends.next!));
    const second = await report(cohortId, cursor);
    expect(second.sends.after).not.toBeNull();
    expect(second.sends.next).toBeNull();
    const all = [...first.sends.rows, ...second.sends.rows];
    expect(all).toHaveLength(63);
    expect(new Set(all.map((row) => row.id)).size).toBe(63);
    const times = all.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Another cohort's rows never show, and a cursor that is not one reads the first page.
    const other = await createCohort(sql, { startsInDays: 5 });
    expect((await report(other)).sends).toEqual({ rows: [], next: null, after: null });
    expect((await report(cohortId, ["not a time", "x"])).sends.rows[0]!.message).toBe("feedback");
  });

  it("shows the members moved to email because they blocked the bot, and the feedback with its average", async () => {
    const cohortId = await createCohort(sql, { startsInDays: -20 });
    const [ada, ben, cal] = [await member(cohortId, "fb-ada"), await member(cohortId, "fb-ben"), await member(cohortId, "fb-cal")];
    await sql`
      insert into public.programme_preferences (user_id, bot_blocked_at) values
        (${ben.userId}, '2027-01-05 07:00:00Z'), (${cal.userId}, null)`;
    const empty = await report(cohortId);
    expect(empty.feedback).toEqual({ count: 0, average: null, rows: [] });

    await sql`
      insert into public.programme_feedback (seat_id, user_id, cohort_id, score, comment, created_at) values
        (${ada.seatId}, ${ada.userId}, ${cohortId}, 5, 'I finally know what breakfast does to me.', '2027-01-16 08:05:00Z'),
        (${ben.seatId}, ${ben.userId}, ${cohortId}, 4, null, '2027-01-16 09:00:00Z'),
        (${cal.seatId}, ${cal.userId}, ${cohortId}, 4, 'Good.', '2027-01-17 08:00:00Z')`;
    const full = await report(cohortId);
    expect(full.botBlocked).toEqual([{ userId: ben.userId, email: ben.email, blockedAt: new Date("2027-01-05T07:00:00Z") }]);
    expect(full.feedback.count).toBe(3);
    expect(full.feedback.average).toBe(4.3);
    expect(full.feedback.rows.map((row) => [row.email, row.score, row.comment])).toEqual([
      [cal.email, 4, "Good."],
      [ben.email, 4, null],
      [ada.email, 5, "I finally know what breakfast does to me."],
    ]);
  });

  it("says what is next on the cohort's UTC dates: the reminders, each morning, the review days, then the questions after the end", async () => {
    const cohortId = await createCohort(sql, { startsInDays: null });
    await sql`update public.cohorts set start_cohort_date = '2027-01-11T00:00:00Z', end_cohort_date = '2027-01-25T00:00:00Z' where id = ${cohortId}`;
    const at = async (iso: string) => (await report(cohortId, null, new Date(iso))).next.map((item) => `${item.label}, ${item.when}`);
    expect(await at("2026-12-20T12:00:00Z")).toEqual([
      "The week-before reminder, Mon, Jan 4, 2027 (in 15 days), at each member's hour",
      "The day-before reminder, Sun, Jan 10, 2027 (in 21 days), at each member's hour",
    ]);
    expect(await at("2027-01-10T23:30:00Z")).toEqual([
      "The day-before reminder, today, at each member's hour",
      "Day 1's morning plan, tomorrow, at each member's hour",
    ]);
    expect(await at("2027-01-16T06:00:00Z")).toEqual([
      "Day 6's morning plan, today, at each member's hour",
      "Day 7's review, tomorrow, at each member's hour",
    ]);
    expect(await at("2027-01-24T06:00:00Z")).toEqual([
      "Day 14's review, today, at each member's hour",
      "The feedback question, tomorrow, at each member's hour",
    ]);
    expect(await at("2027-01-26T06:00:00Z")).toEqual(["The story invitation and referral link, today, at each member's hour"]);
    expect(await at("2027-01-27T06:00:00Z")).toEqual([]);
    await sql`update public.cohorts set start_cohort_date = null, end_cohort_date = null where id = ${cohortId}`;
    expect(await at("2027-01-16T06:00:00Z")).toEqual([]);
  });
});
