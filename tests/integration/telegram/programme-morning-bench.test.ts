import { describe, expect, it } from "vitest";
import { runProgrammeRhythm } from "@/server/programme/programme-rhythm";
import { programmeProgress, seedProgrammeMembers } from "../../../bench/programme-seed";
import { suiteSql } from "../../fixtures/db";
import { eventually } from "../../fixtures/payments";
import { botMessages, suiteTelegram } from "../../fixtures/telegram";

// The programme bench's seed (bench/programme-seed.ts) on the embedded database, small: its members'
// morning is due at once, the scheduler queues one message each, and every chat gets exactly one,
// within Telegram's limits.

const sql = suiteSql();
const telegram = await suiteTelegram();

describe("the programme bench's members", () => {
  it("are all due at the scheduler's next run, and each chat gets its morning once", async () => {
    const seed = await seedProgrammeMembers(sql, 60);
    const chats = Array.from({ length: seed.count }, (_, n) => seed.firstChatId + n);
    telegram.standIn.rememberUsers(chats.map((id) => ({ id, is_bot: false, first_name: "Member" })));
    const summary = await runProgrammeRhythm(new Date());
    expect(summary.bot).toBeGreaterThanOrEqual(60);
    // A second run in the same minute queues nothing more.
    await runProgrammeRhythm(new Date());
    const progress = await eventually(async () => {
      const now = await programmeProgress(sql, seed);
      if (now.sent < 60) throw new Error(`${now.sent} of 60 sent`);
      return now;
    }, 60_000);
    expect(progress).toMatchObject({ decided: 60, queued: 60, sent: 60, undeliverable: 0, chatsTwice: 0 });
    expect(chats.every((chatId) => botMessages(telegram.standIn, chatId).length === 1)).toBe(true);
    expect(botMessages(telegram.standIn, chats[0]!)[0]).toMatch(/Programme bench \w+: day \d+ of 14/);
  }, 90_000);
});
