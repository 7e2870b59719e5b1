import { describe, expect, it } from "vitest";
import { GET as getFeedback } from "@/app/api/programme/feedback/route";
import { CANNED_REPLIES } from "@/lib/assistant/chat";
import { defaultText, fillText } from "@/lib/programme/programme-texts";
import { BOT_TEXT } from "@/server/telegram/bot-replies";
import { suiteSql } from "../../fixtures/db";
import { botMessages, linkedMember, say, suiteTelegram, updateState } from "../../fixtures/telegram";
import { askedFeedback, callAs, endedCohortSeat } from "./programme-fixtures";

// After the end the bot asks for a score from 1 to 5 and one line; the member's reply in the chat is
// kept for the operator and thanked, once.

const sql = suiteSql();
const telegram = await suiteTelegram();
const THANKS = fillText(defaultText("feedback-thanks"), { name: "Kim" });
const BAD_GATEWAY = { kind: "error", status: 502, description: "Bad Gateway", times: 1 } as const;

const kept = async (userId: string) => sql`select score, comment from public.programme_feedback where user_id = ${userId}`;
const lastReply = (chatId: number) => botMessages(telegram.standIn, chatId).at(-1);

/** A linked member whose cohort ended and who was asked the question by the bot. */
async function askedMember(label: string, askedAt = new Date()) {
  const linked = await linkedMember(telegram, sql, label);
  await askedFeedback(sql, linked.member, await endedCohortSeat(sql, linked.member), "bot", askedAt);
  return linked;
}

describe("the feedback answer in the coach bot", () => {
  it("keeps '4 great two weeks' as a 4 and its line, thanks the member, and the next message is a message again", async () => {
    const { member, tg } = await askedMember("fb-bot");
    await say(telegram, sql, tg, "4 great two weeks");
    expect(lastReply(tg.id)).toBe(THANKS);
    expect(await kept(member.userId)).toEqual([{ score: 4, comment: "great two weeks" }]);
    expect((await callAs(getFeedback, "/api/programme/feedback", { token: member.token })).body.data).toMatchObject({
      status: "answered",
      score: 4,
    });
    await say(telegram, sql, tg, "2 actually");
    expect(CANNED_REPLIES).toContain(lastReply(tg.id));
    expect(await kept(member.userId)).toEqual([{ score: 4, comment: "great two weeks" }]);
  });

  it("answers a message that is no score with a hint, keeps nothing, then takes a bare '5'", async () => {
    const { member, tg } = await askedMember("fb-bot-hint");
    for (const text of ["hello", "10 out of 10", "it was 5"]) {
      await say(telegram, sql, tg, text);
      expect(lastReply(tg.id), text).toBe(BOT_TEXT.feedbackHint);
    }
    expect(await kept(member.userId)).toEqual([]);
    // A command still works while the question waits.
    await say(telegram, sql, tg, "/hour 9");
    expect(lastReply(tg.id)).toBe(BOT_TEXT.hourSet("09:00", BOT_TEXT.utcZone));
    await say(telegram, sql, tg, "5");
    expect(lastReply(tg.id)).toBe(THANKS);
    expect(await kept(member.userId)).toEqual([{ score: 5, comment: null }]);
  });

  it("keeps at most 500 characters of the line, and uses the thanks an operator edited", async () => {
    const { member, tg } = await askedMember("fb-bot-long", new Date());
    await sql`insert into public.programme_texts (key, body) values ('feedback-thanks', 'Merci {name}, noted.')
      on conflict (key) do update set body = excluded.body`;
    try {
      await say(telegram, sql, tg, `3 ${"é".repeat(3000)}`);
      expect(lastReply(tg.id)).toBe("Merci Kim, noted.");
    } finally {
      await sql`delete from public.programme_texts where key = 'feedback-thanks'`;
    }
    const [row] = await kept(member.userId);
    expect(row?.score).toBe(3);
    expect(row?.comment).toBe("é".repeat(500));
  });

  it("a reply whose answer was lost is handled again: one answer kept, one thanks", async () => {
    const { member, tg } = await askedMember("fb-bot-retry");
    const before = botMessages(telegram.standIn, tg.id).length;
    telegram.standIn.setSendFault(tg.id, BAD_GATEWAY);
    const updateId = await say(telegram, sql, tg, "5 loved it");
    expect(await updateState(sql, updateId)).toMatchObject({ outcome: "handled", attempts: 2 });
    expect(botMessages(telegram.standIn, tg.id).slice(before)).toEqual([THANKS]);
    expect(await kept(member.userId)).toEqual([{ score: 5, comment: "loved it" }]);
  });

  it("reads no answer from a member never asked, nor from one asked long ago, nor when the question was skipped", async () => {
    const never = await linkedMember(telegram, sql, "fb-bot-never");
    await endedCohortSeat(sql, never.member);
    await say(telegram, sql, never.tg, "5");
    expect(CANNED_REPLIES).toContain(lastReply(never.tg.id));

    const old = await askedMember("fb-bot-old", new Date(Date.now() - 40 * 86_400_000));
    await say(telegram, sql, old.tg, "5");
    expect(CANNED_REPLIES).toContain(lastReply(old.tg.id));

    const paused = await linkedMember(telegram, sql, "fb-bot-paused");
    await askedFeedback(sql, paused.member, await endedCohortSeat(sql, paused.member), "skipped");
    await say(telegram, sql, paused.tg, "5");
    expect(CANNED_REPLIES).toContain(lastReply(paused.tg.id));

    for (const member of [never.member, old.member, paused.member]) expect(await kept(member.userId)).toEqual([]);
  });
});
