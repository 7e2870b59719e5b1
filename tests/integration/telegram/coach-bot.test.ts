import { describe, expect, it } from "vitest";
import { Bot, GrammyError } from "grammy";
import { POST as startLinkRoute } from "@/app/api/telegram/start-link/route";
import { CANNED_REPLIES } from "@/lib/assistant/chat";
import { hashSecretToken } from "@/server/security/secret-tokens";
import { BOT_TEXT, LINK_ANSWERS } from "@/server/telegram/bot-replies";
import { suiteSql } from "../../fixtures/db";
import { createCohort, signedInMember } from "../../fixtures/payments";
import {
  BOT_TOKEN,
  BOT_USERNAME,
  botMessages,
  postUpdate,
  say,
  SITE,
  suiteTelegram,
  telegramUser,
  textUpdate,
  updateProcessed,
  WEBHOOK_SECRET,
} from "../../fixtures/telegram";

const sql = suiteSql();
const telegram = await suiteTelegram();

let ip = 0;
async function startLink(token: string): Promise<{ status: number; url: string; startToken: string }> {
  const response = await startLinkRoute(
    new Request(`${SITE}/api/telegram/start-link`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "x-real-ip": `203.0.113.${++ip % 250}` },
    }),
  );
  const body = (await response.json()) as { data?: { url: string } };
  const url = body.data?.url ?? "";
  return { status: response.status, url, startToken: url ? (new URL(url).searchParams.get("start") ?? "") : "" };
}

const linkRow = async (userId: string) =>
  (await sql`select telegram_user_id::text, chat_id::text from public.telegram_links where user_id = ${userId}`)[0];

describe("the Telegram stand-in, driven by grammY's client", () => {
  it("answers getMe with the bot and refuses another token", async () => {
    const bot = new Bot(BOT_TOKEN, { client: { apiRoot: telegram.apiRoot } });
    await bot.init();
    expect(bot.botInfo.username).toBe(BOT_USERNAME);
    expect(bot.botInfo.id).toBe(1000000001);
    const stranger = new Bot("1000000001:not_the_right_token_at_all_000", { client: { apiRoot: telegram.apiRoot } });
    await expect(stranger.api.getMe()).rejects.toMatchObject({ error_code: 401, description: "Unauthorized" });
  });

  it("keeps the webhook grammY set, refuses a bad secret token and a chat nobody opened", async () => {
    const bot = new Bot(BOT_TOKEN, { client: { apiRoot: telegram.apiRoot } });
    expect((await bot.api.getWebhookInfo()).url).toBe(telegram.webhookUrl);
    await expect(bot.api.setWebhook(telegram.webhookUrl, { secret_token: "has spaces" })).rejects.toBeInstanceOf(GrammyError);
    await expect(bot.api.sendMessage(123, "hello")).rejects.toMatchObject({ error_code: 400, description: "Bad Request: chat not found" });
    expect((await bot.api.getWebhookInfo()).url).toBe(telegram.webhookUrl);
  });
});

describe("/start with the dashboard's one-time token", () => {
  it("asks first, naming the member's whole address; once confirmed links the chat, greets them by name and completes the walkthrough's last step", async () => {
    const member = await signedInMember("bot");
    const { status, url, startToken } = await startLink(member.token);
    expect(status).toBe(200);
    expect(url.startsWith(`https://t.me/${BOT_USERNAME}?start=`)).toBe(true);
    expect(startToken.length).toBeLessThanOrEqual(64);
    const [stored] = await sql`select token_hash from public.telegram_start_tokens where user_id = ${member.userId}`;
    expect(stored?.token_hash).toBe(hashSecretToken(startToken));

    const ada = telegramUser("Ada", "ada_lovelace");
    await say(telegram, sql, ada, `/start ${startToken}`);
    expect(botMessages(telegram.standIn, ada.id)).toEqual([BOT_TEXT.confirmLink(member.email)]);
    expect(await linkRow(member.userId)).toBeUndefined();
    await say(telegram, sql, ada, LINK_ANSWERS.yes);
    expect(botMessages(telegram.standIn, ada.id)).toEqual([BOT_TEXT.confirmLink(member.email), BOT_TEXT.linked("Ada", member.email)]);
    expect(await linkRow(member.userId)).toEqual({ telegram_user_id: String(ada.id), chat_id: String(ada.id) });
    const [user] = await sql`select botsetup_step, botsetup_completed from public.users where id = ${member.userId}`;
    expect(user?.botsetup_step).toMatchObject({ telegramLinked: true, telegramUsername: "ada_lovelace", completedSteps: [3] });
    expect(user?.botsetup_completed).toBe(false);
  });

  it("refuses a token a second time, from anyone, and changes nothing", async () => {
    const member = await signedInMember("reuse");
    const { startToken } = await startLink(member.token);
    const first = telegramUser("Grace");
    await say(telegram, sql, first, `/start ${startToken}`);
    await say(telegram, sql, first, LINK_ANSWERS.yes);
    const thief = telegramUser("Mallory");
    await say(telegram, sql, thief, `/start ${startToken}`);
    expect(botMessages(telegram.standIn, thief.id)).toEqual([BOT_TEXT.invalidToken]);
    expect(await linkRow(member.userId)).toEqual({ telegram_user_id: String(first.id), chat_id: String(first.id) });
  });

  it("refuses an expired token and a forged one", async () => {
    const member = await signedInMember("expired");
    const { startToken } = await startLink(member.token);
    await sql`update public.telegram_start_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashSecretToken(startToken)}`;
    const late = telegramUser("Late");
    await say(telegram, sql, late, `/start ${startToken}`);
    await say(telegram, sql, late, `/start ${"A".repeat(43)}`);
    await say(telegram, sql, late, "/start ../../etc/passwd");
    expect(botMessages(telegram.standIn, late.id)).toEqual([BOT_TEXT.invalidToken, BOT_TEXT.invalidToken, BOT_TEXT.invalidToken]);
    expect(await linkRow(member.userId)).toBeUndefined();
  });

  it("does not move a Telegram account already linked to another member, and leaves that member's token unused", async () => {
    const owner = await signedInMember("owner");
    const other = await signedInMember("other");
    const tg = telegramUser("Owner");
    await say(telegram, sql, tg, `/start ${(await startLink(owner.token)).startToken}`);
    await say(telegram, sql, tg, LINK_ANSWERS.yes);
    const { startToken } = await startLink(other.token);
    await say(telegram, sql, tg, `/start ${startToken}`);
    expect(botMessages(telegram.standIn, tg.id).at(-1)).toBe(BOT_TEXT.telegramTaken);
    expect(await linkRow(owner.userId)).toEqual({ telegram_user_id: String(tg.id), chat_id: String(tg.id) });
    expect(await linkRow(other.userId)).toBeUndefined();
    const [token] = await sql`select used_at from public.telegram_start_tokens where token_hash = ${hashSecretToken(startToken)}`;
    expect(token?.used_at).toBeNull();
  });

  it("needs a signed-in member to issue a token", async () => {
    const response = await startLinkRoute(
      new Request(`${SITE}/api/telegram/start-link`, { method: "POST", headers: { "x-real-ip": "203.0.113.251" } }),
    );
    expect(response.status).toBe(401);
  });
});

describe("a linked member talking to the bot", () => {
  async function linkedMember(label: string) {
    const member = await signedInMember(label);
    const tg = telegramUser("Kim");
    await say(telegram, sql, tg, `/start ${(await startLink(member.token)).startToken}`);
    await say(telegram, sql, tg, LINK_ANSWERS.yes);
    return { member, tg };
  }

  it("/today answers the cohort day and that day's plan", async () => {
    const { member, tg } = await linkedMember("today");
    const cohortId = await createCohort(sql, { startsInDays: -2, status: "active" });
    await sql`insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at) values (${cohortId}, ${member.userId}, ${member.email}, 'enrolled', 'participant', now())`;
    await say(telegram, sql, tg, "/today");
    const reply = botMessages(telegram.standIn, tg.id).at(-1) ?? "";
    expect(reply).toMatch(/: day 3 of 14, observe week \(days 1–7\)\.\nToday's plan: Log your breakfast carefully/);
  });

  it("/today without a cohort says so", async () => {
    const { tg } = await linkedMember("nocohort");
    await say(telegram, sql, tg, "/today");
    expect(botMessages(telegram.standIn, tg.id).at(-1)).toBe(BOT_TEXT.noCohort);
  });

  it("free text gets one of the coach's replies; a stranger is asked to link first", async () => {
    const { tg } = await linkedMember("chat");
    await say(telegram, sql, tg, "Why am I sleepy after lunch?");
    expect(CANNED_REPLIES).toContain(botMessages(telegram.standIn, tg.id).at(-1));
    const stranger = telegramUser("Stranger");
    await say(telegram, sql, stranger, "hello");
    await say(telegram, sql, stranger, "/today");
    expect(botMessages(telegram.standIn, stranger.id)).toEqual([BOT_TEXT.notLinked, BOT_TEXT.notLinked]);
  });

  it("/story asks three questions and answers with the edit link of the member's new social post", async () => {
    const { member, tg } = await linkedMember("story");
    await say(telegram, sql, tg, "/story");
    await say(telegram, sql, tg, "Oatmeal sent me to 190 mg/dL every morning.");
    await say(telegram, sql, tg, "I added eggs and a ten minute walk, and the spike is gone.");
    await say(telegram, sql, tg, "Mention my morning walks");
    const replies = botMessages(telegram.standIn, tg.id).slice(-4);
    expect(replies.slice(0, 3)).toEqual([...BOT_TEXT.storyQuestions]);
    const link = new URL(/http\S+/.exec(replies[3] ?? "")?.[0] ?? "http://invalid");
    expect(link.pathname).toBe("/edit-post");
    const [post] = await sql`select owner_id, source, user_inputs from public.social_posts where id = ${link.searchParams.get("post")}`;
    expect(post).toEqual({ owner_id: member.userId, source: "coach_bot", user_inputs: "Mention my morning walks" });
    // The story is over: the next message is a coach reply again.
    await say(telegram, sql, tg, "Thanks!");
    expect(CANNED_REPLIES).toContain(botMessages(telegram.standIn, tg.id).at(-1));
  });

  it("/cancel ends a story; a stranger cannot start one", async () => {
    const { tg } = await linkedMember("cancel");
    await say(telegram, sql, tg, "/story");
    await say(telegram, sql, tg, "/cancel");
    await say(telegram, sql, tg, "Just chatting");
    const replies = botMessages(telegram.standIn, tg.id).slice(-3);
    expect(replies.slice(0, 2)).toEqual([BOT_TEXT.storyQuestions[0], BOT_TEXT.storyCancelled]);
    expect(CANNED_REPLIES).toContain(replies[2]);
    const stranger = telegramUser("Nobody");
    await say(telegram, sql, stranger, "/story");
    expect(botMessages(telegram.standIn, stranger.id)).toEqual([BOT_TEXT.notLinked]);
  });

  it("/start alone sends a sign-in link carrying a signed proof for this Telegram id and username", async () => {
    const stranger = telegramUser("Newcomer", "new_comer");
    await say(telegram, sql, stranger, "/start");
    const reply = botMessages(telegram.standIn, stranger.id)[0] ?? "";
    const link = new URL(/http\S+/.exec(reply)?.[0] ?? "http://invalid");
    expect(link.pathname).toBe("/auth");
    expect(link.searchParams.get("telegram_id")).toBe(String(stranger.id));
    expect(link.searchParams.get("telegram_username")).toBe("new_comer");
    expect(link.searchParams.get("telegram_proof")).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  });
});

describe("the webhook", () => {
  it("processes an update id once, however often it is delivered", async () => {
    const tg = telegramUser("Echo");
    const update = textUpdate(9_000_000 + Math.floor(Math.random() * 1_000_000), tg, "/start");
    // The stand-in only answers chats it has seen opened.
    await say(telegram, sql, tg, "hi");
    const before = botMessages(telegram.standIn, tg.id).length;
    expect(await postUpdate(update)).toEqual({ status: 200, body: { data: { ok: true, duplicate: false } } });
    expect(await postUpdate(update)).toEqual({ status: 200, body: { data: { ok: true, duplicate: true } } });
    await updateProcessed(sql, update.update_id);
    expect(await postUpdate(update)).toEqual({ status: 200, body: { data: { ok: true, duplicate: true } } });
    expect(botMessages(telegram.standIn, tg.id).length).toBe(before + 1);
    const [row] = await sql`select count(*)::int as n from public.telegram_updates where update_id = ${update.update_id}`;
    expect(row?.n).toBe(1);
  });

  it("refuses updates without the secret header or with a wrong one, and records nothing", async () => {
    const member = await signedInMember("forged");
    const { startToken } = await startLink(member.token);
    const attacker = telegramUser("Eve");
    const update = textUpdate(8_000_000 + Math.floor(Math.random() * 1_000_000), attacker, `/start ${startToken}`);
    for (const secret of [null, "", "wrong-secret-wrong-secret", WEBHOOK_SECRET.slice(0, -1), `${WEBHOOK_SECRET}x`]) {
      const { status, body } = await postUpdate(update, secret);
      expect(status).toBe(401);
      expect(body.code).toBe("unauthorized");
    }
    const [seen] = await sql`select count(*)::int as n from public.telegram_updates where update_id = ${update.update_id}`;
    expect(seen?.n).toBe(0);
    expect(await linkRow(member.userId)).toBeUndefined();
    const [token] = await sql`select used_at from public.telegram_start_tokens where token_hash = ${hashSecretToken(startToken)}`;
    expect(token?.used_at).toBeNull();
  });

  it("ignores a start token posted in a group chat: no link, the token stays unused", async () => {
    const member = await signedInMember("group");
    const { startToken } = await startLink(member.token);
    const tg = telegramUser("Group");
    const update = textUpdate(6_000_000 + Math.floor(Math.random() * 1_000_000), tg, `/start ${startToken}`);
    const inGroup = { ...update, message: { ...update.message, chat: { id: -100123, type: "group", title: "Friends" } } };
    expect((await postUpdate(inGroup)).status).toBe(200);
    expect(await updateProcessed(sql, update.update_id)).toMatchObject({ outcome: "handled" });
    expect(await linkRow(member.userId)).toBeUndefined();
    const [token] = await sql`select used_at from public.telegram_start_tokens where token_hash = ${hashSecretToken(startToken)}`;
    expect(token?.used_at).toBeNull();
  });

  it("refuses an oversized update with 413", async () => {
    const tg = telegramUser("Big");
    const { status } = await postUpdate({ ...textUpdate(5_000_000, tg, "hi"), padding: "x".repeat(300 * 1024) });
    expect(status).toBe(413);
  });

  it("answers malformed updates with a 4xx and no change", async () => {
    expect((await postUpdate("{not json")).status).toBe(400);
    expect((await postUpdate({ update_id: -1 })).status).toBe(422);
    expect((await postUpdate({ update_id: "1" })).status).toBe(422);
    expect((await postUpdate({ message: {} })).status).toBe(422);
  });

  it("answers an update whose text cannot be stored (a NUL, a lone surrogate) with 422 and stores nothing", async () => {
    const tg = telegramUser("Nul");
    for (const text of ["hi\u0000there", "hi\ud800"]) {
      const update = textUpdate(8_000_000 + Math.floor(Math.random() * 1_000_000), tg, text);
      expect((await postUpdate(update)).status).toBe(422);
      expect(await sql`select 1 from public.telegram_updates where update_id = ${update.update_id}`).toHaveLength(0);
    }
  });

  it("marks an update done when Telegram refuses its reply for good (a chat it does not know), and records why", async () => {
    // A chat the stand-in never saw: the bot's sendMessage fails with 400 'chat not found'.
    const ghost = telegramUser("Ghost");
    const update = textUpdate(7_000_000 + Math.floor(Math.random() * 1_000_000), ghost, "/start");
    const { status, body } = await postUpdate(update);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { ok: true, duplicate: false } });
    const state = await updateProcessed(sql, update.update_id);
    expect(state).toMatchObject({ processed: true, outcome: "undeliverable", attempts: 1 });
    expect(state.lastError).toContain("Bad Request: chat not found");
  });
});
