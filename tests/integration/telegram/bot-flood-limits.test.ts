import { Bot, GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { BOT_API_RETRY } from "@/server/telegram/bot-api-limits";
import { createCoachBot } from "@/server/telegram/coach-bot";
import { queueTelegramMessage } from "@/server/telegram/queue-telegram-message";
import { suiteSql } from "../../fixtures/db";
import { eventually } from "../../fixtures/payments";
import { BOT_TOKEN, BOT_USERNAME, botMessages, SITE, suiteTelegram, telegramUser } from "../../fixtures/telegram";

// Telegram's flood limits, enforced by the stand-in (about 30 messages a second across chats, 429
// with retry_after beyond), and respected by the coach bot: its calls throttled under them and a
// short 429 waited out, a long one left to the job engine.

const sql = suiteSql();
const telegram = await suiteTelegram();

function knownChats(count: number): number[] {
  const users = Array.from({ length: count }, (_, n) => telegramUser(`Flood${n}`));
  telegram.standIn.rememberUsers(users);
  return users.map((user) => user.id);
}

const coachBot = () => createCoachBot({ token: BOT_TOKEN, username: BOT_USERNAME, apiRoot: telegram.apiRoot, siteUrl: SITE });

/** The stand-in's counts from now on. */
function countsFromNow() {
  const before = telegram.standIn.floodCounts();
  return () => {
    const after = telegram.standIn.floodCounts();
    return { accepted: after.accepted - before.accepted, refused: after.refused - before.refused, busiestSecond: after.busiestSecond };
  };
}

describe("the coach bot respects them", () => {
  it("sends 100 messages asked for at once: every one arrives, none refused, at most about 30 a second", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const chats = knownChats(100);
    const counts = countsFromNow();
    const bot = coachBot();
    const started = performance.now();
    await Promise.all(chats.map((chatId) => bot.api.sendMessage(chatId, "throttled")));
    const seconds = (performance.now() - started) / 1000;
    expect(chats.every((chatId) => botMessages(telegram.standIn, chatId).length === 1)).toBe(true);
    expect(counts()).toMatchObject({ accepted: 100, refused: 0 });
    // About 30 a second: the calls leave 35 ms apart, and arrive with the network's jitter.
    expect(counts().busiestSecond).toBeLessThanOrEqual(33);
    expect(seconds).toBeGreaterThan(3);
  }, 60_000);

  it("waits out a short 429 within the call and sends once", async () => {
    const [chatId] = knownChats(1) as [number];
    telegram.standIn.setSendFault(chatId, {
      kind: "error",
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
      times: BOT_API_RETRY.maxRetryAttempts,
    });
    await coachBot().api.sendMessage(chatId, "after a pause");
    expect(telegram.standIn.sendAttempts(chatId)).toBe(BOT_API_RETRY.maxRetryAttempts + 1);
    expect(botMessages(telegram.standIn, chatId)).toEqual(["after a pause"]);
  });

  it("fails the call at once on a 429 longer than it waits, leaving the retry to the job engine", async () => {
    const [chatId] = knownChats(1) as [number];
    const wait = BOT_API_RETRY.maxDelaySeconds + 25;
    telegram.standIn.setSendFault(chatId, {
      kind: "error",
      status: 429,
      description: `Too Many Requests: retry after ${wait}`,
      retryAfter: wait,
      times: 1,
    });
    const started = performance.now();
    const error: unknown = await coachBot()
      .api.sendMessage(chatId, "later")
      .catch((reason: unknown) => reason);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(error).toMatchObject({ error_code: 429, parameters: { retry_after: wait } });
    expect(telegram.standIn.sendAttempts(chatId)).toBe(1);
  });

  it("fails the call at once on Telegram's 5xx (the job engine retries it)", async () => {
    const [chatId] = knownChats(1) as [number];
    telegram.standIn.setSendFault(chatId, { kind: "error", status: 502, description: "Bad Gateway", times: 1 });
    const error: unknown = await coachBot()
      .api.sendMessage(chatId, "later")
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ error_code: 502 });
    expect(telegram.standIn.sendAttempts(chatId)).toBe(1);
  });

  it("sends 100 messages queued at once through the telegram-message jobs: none lost, none twice, none refused, at most about 30 a second", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const chats = knownChats(100);
    const counts = countsFromNow();
    // In one transaction: the 100 jobs become visible to the workers at once.
    const ids = await db().begin(async (tx) => {
      const queued: string[] = [];
      for (const [n, chatId] of chats.entries()) queued.push(await queueTelegramMessage(tx, chatId, `queued ${n}`));
      return queued;
    });
    await eventually(async () => {
      const [row] = await sql<{ sent: number }[]>`
        select count(*)::int as sent from public.telegram_outgoing_messages where id = any(${ids}::uuid[]) and outcome = 'sent'`;
      if (row?.sent !== 100) throw new Error(`${row?.sent ?? 0} of 100 sent`);
    }, 60_000);
    expect(chats.map((chatId) => botMessages(telegram.standIn, chatId))).toEqual(chats.map((_, n) => [`queued ${n}`]));
    expect(counts()).toMatchObject({ accepted: 100, refused: 0 });
    expect(counts().busiestSecond).toBeLessThanOrEqual(33);
  }, 90_000);
});

describe("the stand-in enforces the limits", () => {
  it("refuses a bot that sends 100 messages at once without throttling with 429 and retry_after", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the bucket is full again
    const chats = knownChats(100);
    const plain = new Bot(BOT_TOKEN, { client: { apiRoot: telegram.apiRoot } });
    const outcomes = await Promise.allSettled(chats.map((chatId) => plain.api.sendMessage(chatId, "all at once")));
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(refusals.length).toBeGreaterThanOrEqual(40);
    const first = refusals[0];
    expect(first).toBeInstanceOf(GrammyError);
    expect(first).toMatchObject({ error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } });
    expect(chats.filter((chatId) => botMessages(telegram.standIn, chatId).length === 1)).toHaveLength(100 - refusals.length);
  });
});
