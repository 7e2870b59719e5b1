import { describe, expect, it } from "vitest";
import { GET as getPreferences } from "@/app/api/programme/preferences/route";
import { localDay } from "@/lib/cohorts/cohort-phase";
import { publicEnv } from "@/lib/public-env";
import { BOT_TEXT } from "@/server/telegram/bot-replies";
import { suiteSql } from "../../fixtures/db";
import { botMessages, linkedMember, say, suiteTelegram, telegramUser, updateState } from "../../fixtures/telegram";
import { callAs } from "./programme-fixtures";

// The coach bot's /pause, /resume and /hour change what the dashboard's card changes, and /today
// tells the day's plan as an operator edited it.

const sql = suiteSql();
const telegram = await suiteTelegram();
const SETTINGS = new URL("/dashboard#programme", publicEnv.siteUrl).toString();
const BAD_GATEWAY = { kind: "error", status: 502, description: "Bad Gateway", times: 1 } as const;

const stored = async (userId: string) =>
  (await sql`select morning_hour, channel, paused from public.programme_preferences where user_id = ${userId}`)[0] ?? null;
const lastReply = (chatId: number) => botMessages(telegram.standIn, chatId).at(-1);

describe("/pause, /resume and /hour in the coach bot", () => {
  it("pause and resume the messages, set the hour in the member's zone, and the dashboard reads the same", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "bot-prefs");
    await sql`update public.users set time_zone = 'Europe/Lisbon' where id = ${member.userId}`;

    await say(telegram, sql, tg, "/pause");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.paused(SETTINGS));
    expect(await stored(member.userId)).toEqual({ morning_hour: 8, channel: "bot", paused: true });

    await say(telegram, sql, tg, "/hour 7");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.hourSet("07:00", "Europe/Lisbon"));
    await say(telegram, sql, tg, "/hour");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.hourNow("07:00", "Europe/Lisbon"));

    await say(telegram, sql, tg, "/resume");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.resumed("07:00", "Europe/Lisbon"));
    expect(await stored(member.userId)).toEqual({ morning_hour: 7, channel: "bot", paused: false });
    expect((await callAs(getPreferences, "/api/programme/preferences", { token: member.token })).body.data).toMatchObject({
      morningHour: 7,
      paused: false,
      botLinked: true,
      timeZone: "Europe/Lisbon",
    });
  });

  it("refuses an hour that is not 0–23 with a hint and changes nothing; without a zone it says UTC", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "bot-hour-bad");
    for (const text of ["/hour 24", "/hour -1", "/hour seven", "/hour 7:30", "/hour 7 8"]) {
      await say(telegram, sql, tg, text);
      expect(lastReply(tg.id), text).toBe(BOT_TEXT.hourInvalid);
    }
    // A NUL never reaches the bot: the webhook refuses the update.
    expect((await telegram.standIn.sendText(tg, "/hour 7\u0000")).status).toBe(422);
    expect(await stored(member.userId)).toBeNull();
    await say(telegram, sql, tg, "/hour 23:00");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.hourSet("23:00", BOT_TEXT.utcZone));
    expect(await stored(member.userId)).toMatchObject({ morning_hour: 23 });
  });

  it("changes nothing for a chat that is not linked, and says how to link", async () => {
    const stranger = telegramUser("Nobody");
    for (const text of ["/pause", "/resume", "/hour 6"]) await say(telegram, sql, stranger, text);
    expect(botMessages(telegram.standIn, stranger.id)).toEqual([BOT_TEXT.notLinked, BOT_TEXT.notLinked, BOT_TEXT.notLinked]);
  });

  it("a command whose reply was lost is handled again: the same change, the same answer, once", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "bot-retry");
    const before = botMessages(telegram.standIn, tg.id).length;
    telegram.standIn.setSendFault(tg.id, BAD_GATEWAY);
    const hour = await say(telegram, sql, tg, "/hour 6");
    expect(await updateState(sql, hour)).toMatchObject({ outcome: "handled", attempts: 2 });
    telegram.standIn.setSendFault(tg.id, BAD_GATEWAY);
    const pause = await say(telegram, sql, tg, "/pause");
    expect(await updateState(sql, pause)).toMatchObject({ outcome: "handled", attempts: 2 });
    expect(botMessages(telegram.standIn, tg.id).slice(before)).toEqual([
      BOT_TEXT.hourSet("06:00", BOT_TEXT.utcZone),
      BOT_TEXT.paused(SETTINGS),
    ]);
    expect(await stored(member.userId)).toEqual({ morning_hour: 6, channel: "bot", paused: true });
  });
});

describe("/today", () => {
  it("tells the day's plan as an operator edited it", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "bot-today-edited");
    const first = localDay(new Date(), "UTC") - 2;
    const [cohort] = await sql<{ id: string }[]>`
      insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
      values ('Edited cohort', 'A cohort made by a test.', 'active', ${new Date(first * 86_400_000)}, ${new Date((first + 14) * 86_400_000)}, 14, 20)
      returning id`;
    await sql`insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
      values (${cohort!.id}, ${member.userId}, ${member.email}, 'enrolled', 'participant', now())`;
    await sql`insert into public.programme_texts (key, body) values ('day-3', 'Edited: walk ten minutes after lunch.')
      on conflict (key) do update set body = excluded.body`;
    try {
      await say(telegram, sql, tg, "/today");
      expect(lastReply(tg.id)).toMatch(/^Edited cohort: day 3 of 14, .*\nToday's plan: Edited: walk ten minutes after lunch\.\n/);
    } finally {
      await sql`delete from public.programme_texts where key = 'day-3'`;
    }
  });
});
