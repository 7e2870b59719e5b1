import { afterAll, describe, expect, it } from "vitest";
import { FloodLimiter, isSendingMethod, TELEGRAM_FLOOD_LIMITS } from "@/local/telegram/flood-limits";
import { startTelegram, type TelegramStandIn } from "@/local/telegram/telegram-server";

// The Telegram stand-in's flood limits: about 30 messages a second across chats, about one a second
// in one chat after a short burst, answered 429 with retry_after as Telegram answers.

const TOKEN = "1000000001:flood_limits_test_token";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("FloodLimiter", () => {
  it("lets 30 calls through at once across chats, refuses the 31st with retry_after 1, and lets one more through 1/30 s later", () => {
    const time = clock();
    const limiter = new FloodLimiter(TELEGRAM_FLOOD_LIMITS, time.now);
    for (let chat = 1; chat <= 30; chat++) expect(limiter.admit(chat)).toBeNull();
    expect(limiter.admit(31)).toBe(1);
    time.advance(34);
    expect(limiter.admit(31)).toBeNull();
    expect(limiter.admit(32)).toBe(1);
    expect(limiter.snapshot()).toMatchObject({ accepted: 31, refused: 2, busiestSecond: 31 });
  });

  it("keeps a steady 30 a second going for a minute without a refusal", () => {
    const time = clock();
    const limiter = new FloodLimiter(TELEGRAM_FLOOD_LIMITS, time.now);
    for (let n = 0; n < 1800; n++) {
      expect(limiter.admit(n)).toBeNull();
      time.advance(1000 / 30);
    }
    expect(limiter.snapshot()).toMatchObject({ accepted: 1800, refused: 0 });
    expect(limiter.snapshot().busiestSecond).toBeLessThanOrEqual(31);
  });

  it("lets one chat take a burst of 20, then about one a second", () => {
    const time = clock();
    const limiter = new FloodLimiter(TELEGRAM_FLOOD_LIMITS, time.now);
    for (let n = 0; n < 20; n++) expect(limiter.admit(7)).toBeNull();
    expect(limiter.admit(7)).toBe(1);
    // Another chat is not held up by the first one's burst.
    expect(limiter.admit(8)).toBeNull();
    time.advance(1000);
    expect(limiter.admit(7)).toBeNull();
    expect(limiter.admit(7)).toBe(1);
  });

  it("answers a longer wait when the limits are lower", () => {
    const time = clock();
    const limiter = new FloodLimiter({ perSecond: 30, perChat: { burst: 1, perSecond: 0.25 } }, time.now);
    expect(limiter.admit(1)).toBeNull();
    expect(limiter.admit(1)).toBe(4);
  });

  it("without limits counts every call and refuses none", () => {
    const limiter = new FloodLimiter(null);
    for (let n = 0; n < 100; n++) expect(limiter.admit(1)).toBeNull();
    expect(limiter.snapshot()).toMatchObject({ accepted: 100, refused: 0 });
  });

  it("forgets chats whose burst is back, so many chats do not grow it for good", () => {
    const time = clock();
    const limiter = new FloodLimiter({ perSecond: 1_000_000, perChat: { burst: 10, perSecond: 1 } }, time.now);
    for (let chat = 0; chat < 10_000; chat++) expect(limiter.admit(chat)).toBeNull();
    time.advance(2000);
    expect(limiter.admit(20_000)).toBeNull();
    // Chat 0's bucket was forgotten when full again: it has its whole burst.
    for (let n = 0; n < 10; n++) expect(limiter.admit(0)).toBeNull();
  });

  it("counts the sending methods, not the chat action or reads", () => {
    expect(["sendMessage", "sendPhoto", "copyMessage", "forwardMessage"].every(isSendingMethod)).toBe(true);
    expect(["sendChatAction", "getMe", "setWebhook", "getUpdates"].some(isSendingMethod)).toBe(false);
  });
});

describe("the stand-in's Bot API under the limits", () => {
  const standIns: TelegramStandIn[] = [];
  afterAll(async () => {
    for (const standIn of standIns) await standIn.stop();
  });

  async function standIn(options: Partial<Parameters<typeof startTelegram>[0]> = {}): Promise<TelegramStandIn> {
    const started = await startTelegram({ port: 0, botToken: TOKEN, botUsername: "FloodTestBot", ...options });
    standIns.push(started);
    return started;
  }

  const sendMessage = async (standIn: TelegramStandIn, chatId: number, text = "hello") => {
    const response = await fetch(`${standIn.url}/bot${TOKEN}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: chatId, text }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  const users = (from: number, count: number) =>
    Array.from({ length: count }, (_, n) => ({ id: from + n, is_bot: false, first_name: `U${n}` }));

  it("answers the messages past 30 within a second 429 Too Many Requests with retry_after, as Telegram does", async () => {
    const telegram = await standIn();
    telegram.rememberUsers(users(5000, 60));
    const answers = await Promise.all(users(5000, 60).map((user) => sendMessage(telegram, user.id)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(30);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(30);
    expect(refused[0]).toEqual({
      status: 429,
      retryAfter: "1",
      body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } },
    });
    // A refused message is not in the chat.
    const delivered = users(5000, 60).filter((user) => telegram.messages(user.id).length === 1);
    expect(delivered).toHaveLength(60 - refused.length);
    expect(telegram.floodCounts()).toMatchObject({ accepted: 60 - refused.length, refused: refused.length });
  });

  it("lets a chat's short burst through and refuses what follows at once", async () => {
    const telegram = await standIn();
    telegram.rememberUsers(users(6000, 1));
    const answers = await Promise.all(Array.from({ length: 22 }, (_, n) => sendMessage(telegram, 6000, `m${n}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
    expect(telegram.messages(6000)).toHaveLength(20);
  });

  it("with floodLimits: false refuses nothing", async () => {
    const telegram = await standIn({ floodLimits: false });
    telegram.rememberUsers(users(7000, 50));
    const answers = await Promise.all(users(7000, 50).map((user) => sendMessage(telegram, user.id)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(telegram.floodCounts()).toMatchObject({ accepted: 50, refused: 0 });
  });

  it("answers a test's send fault first, as before, and counts the attempt", async () => {
    const telegram = await standIn();
    telegram.rememberUsers(users(8000, 1));
    telegram.setSendFault(8000, { kind: "error", status: 403, description: "Forbidden: bot was blocked by the user", times: 1 });
    expect(await sendMessage(telegram, 8000)).toMatchObject({ status: 403, body: { error_code: 403 } });
    expect(await sendMessage(telegram, 8000)).toMatchObject({ status: 200 });
    expect(telegram.sendAttempts(8000)).toBe(2);
  });

  it("makes chats known and reads the counts over HTTP for a run in another process", async () => {
    const telegram = await standIn();
    const known = await fetch(`${telegram.url}/local/chats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(users(9000, 3).map(({ id, first_name }) => ({ id, first_name }))),
    });
    expect(await known.json()).toEqual({ ok: true, known: 3 });
    expect((await sendMessage(telegram, 9001)).status).toBe(200);
    expect((await sendMessage(telegram, 9999)).body).toMatchObject({ error_code: 400, description: "Bad Request: chat not found" });
    const sends = (await (await fetch(`${telegram.url}/local/sends`)).json()) as Record<string, unknown>;
    expect(sends).toMatchObject({ accepted: 2, refused: 0, busiestSecond: 2 });
    for (const body of ["not json", "{}", '[{"id":"1","first_name":"A"}]', '[{"id":1.5,"first_name":"A"}]', "[null]"]) {
      const response = await fetch(`${telegram.url}/local/chats`, { method: "POST", body });
      expect(response.status).toBe(400);
    }
  });
});
