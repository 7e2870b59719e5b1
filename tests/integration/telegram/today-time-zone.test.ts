import { describe, expect, it } from "vitest";
import { GET as currentCohortRoute } from "@/app/api/cohorts/user/current/route";
import { GET as getProfile, PATCH as patchProfile } from "@/app/api/users/me/route";
import { cohortPhase, cohortPhaseNote, localDay } from "@/lib/cohorts/cohort-phase";
import { currentCohortSchema } from "@/lib/cohorts/member-cohort-schemas";
import { memberProfileSchema } from "@/lib/auth/member-profile-schema";
import { UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";
import { suiteSql } from "../../fixtures/db";
import { callRoute } from "../../fixtures/operators";
import { signedInMember } from "../../fixtures/payments";
import { botMessages, linkedMember, say, suiteTelegram } from "../../fixtures/telegram";

// D19: the coach bot's /today and the dashboard's cohort card count a member's day from the same
// dates, in the time zone stored on the member's account, through the same function.

const sql = suiteSql();
const telegram = await suiteTelegram();
const DAY_MS = 86_400_000;

/**
 * A zone whose calendar date differs from UTC's right now: Kiritimati (UTC+14) is a day ahead from
 * 10:00 UTC, Pago Pago (UTC-11) a day behind until 11:00 UTC, so one of them always is.
 */
function zoneAwayFromUtc(now: Date): string {
  return now.getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
}

/** A cohort whose first date is `firstDay` (a day number), stored as cohorts are: midnight UTC of that date. */
async function cohortStartingOn(firstDay: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
    values ('Zoned cohort', 'A cohort made by a test.', 'upcoming', ${new Date(firstDay * DAY_MS)}, ${new Date((firstDay + 14) * DAY_MS)}, 14, 20)
    returning id`;
  return row!.id;
}

async function seat(cohortId: string, userId: string, email: string) {
  await sql`insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at) values (${cohortId}, ${userId}, ${email}, 'enrolled', 'participant', now())`;
}

/** What the dashboard's card reads for the member (its two routes) and the line it shows beside the badge. */
async function dashboardCard(token: string) {
  const profile = memberProfileSchema.parse((await callRoute(getProfile, "/api/users/me", { token })).body?.data);
  const current = currentCohortSchema.parse((await callRoute(currentCohortRoute, "/api/cohorts/user/current", { token })).body?.data);
  if (!current || !profile.timeZone) throw new Error("the member has no cohort or no stored time zone");
  return { timeZone: profile.timeZone, note: cohortPhaseNote(cohortPhase(current.cohort, new Date(), profile.timeZone)) };
}

describe("PATCH /api/users/me: the member's time zone", () => {
  it("stores an IANA zone Intl knows, in Intl's spelling, and answers it with the profile", async () => {
    const member = await signedInMember("tz-store");
    expect((await callRoute(getProfile, "/api/users/me", { token: member.token })).body?.data).toMatchObject({ timeZone: null });
    const saved = await callRoute(patchProfile, "/api/users/me", {
      token: member.token,
      method: "PATCH",
      body: { timeZone: "america/los_angeles" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body?.data).toMatchObject({ email: member.email, timeZone: "America/Los_Angeles" });
    const [row] = await sql`select time_zone from public.users where id = ${member.userId}`;
    expect(row?.time_zone).toBe("America/Los_Angeles");
  });

  it("refuses an unknown zone with a clear 400 and keeps the one stored", async () => {
    const member = await signedInMember("tz-refuse");
    await callRoute(patchProfile, "/api/users/me", { token: member.token, method: "PATCH", body: { timeZone: "Asia/Tokyo" } });
    for (const timeZone of ["Mars/Olympus_Mons", "+05:00", "Asia/Tokyo; drop table users", "   "]) {
      const refused = await callRoute(patchProfile, "/api/users/me", { token: member.token, method: "PATCH", body: { timeZone } });
      expect(refused.status, timeZone).toBe(400);
      expect(refused.body).toMatchObject({ code: "bad_request", error: expect.stringContaining("is not a time zone we know") });
    }
    expect((await callRoute(patchProfile, "/api/users/me", { token: member.token, method: "PATCH", body: { timeZone: 9 } })).status).toBe(
      422,
    );
    expect((await callRoute(patchProfile, "/api/users/me", { method: "PATCH", body: { timeZone: "UTC" } })).status).toBe(401);
    const [row] = await sql`select time_zone from public.users where id = ${member.userId}`;
    expect(row?.time_zone).toBe("Asia/Tokyo");
  });
});

describe("/today and the dashboard's card, side by side", () => {
  it("say the same day, counted from the member's calendar date in their stored zone, not UTC's", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "tz-today");
    const zone = zoneAwayFromUtc(new Date());
    await callRoute(patchProfile, "/api/users/me", { token: member.token, method: "PATCH", body: { timeZone: zone } });
    // The cohort began two days ago on the member's calendar: today is their day 3.
    const cohortId = await cohortStartingOn(localDay(new Date(), zone) - 2);
    await seat(cohortId, member.userId, member.email);

    await say(telegram, sql, tg, "/today");
    const reply = botMessages(telegram.standIn, tg.id).at(-1) ?? "";
    const card = await dashboardCard(member.token);

    expect(card).toEqual({ timeZone: zone, note: "Day 3 of 14" });
    expect(reply).toMatch(/^Zoned cohort: day 3 of 14, observe week \(days 1–7\)\.\nToday's plan: /);
    expect(reply).not.toContain(UTC_FALLBACK_NOTE);
    // In UTC it is another day: the answer above comes from the stored zone.
    const utcDay = localDay(new Date(), "UTC") - (localDay(new Date(), zone) - 2) + 1;
    expect(utcDay).not.toBe(3);
  });

  it("before the member's zone is stored, /today counts in UTC and says so", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "tz-none");
    await seat(await cohortStartingOn(localDay(new Date(), "UTC") + 3), member.userId, member.email);
    await say(telegram, sql, tg, "/today");
    expect(botMessages(telegram.standIn, tg.id).at(-1)).toBe(
      `You are in Zoned cohort. It starts in 3 days: get your CGM ready.\n${UTC_FALLBACK_NOTE}`,
    );
  });
});
