import { describe, expect, it } from "vitest";
import { GET as storyPostRoute } from "@/app/api/users/me/story-post/route";
import { storyPostFor } from "@/server/posts/story-post";
import { hashSecretToken } from "@/server/security/secret-tokens";
import { BOT_TEXT, LINK_ANSWERS } from "@/server/telegram/bot-replies";
import { suiteSql } from "../../fixtures/db";
import { eventually, signedInMember } from "../../fixtures/payments";
import {
  botMessages,
  issueStartToken,
  linkedMember,
  say,
  SITE,
  suiteTelegram,
  telegramUser,
  updateProcessed,
  updateState,
} from "../../fixtures/telegram";

// An update is done when its reply went out (or Telegram refused it for good). Until
// then the job that answers it is retried with backoff, and a retry changes nothing twice.

const sql = suiteSql();
const telegram = await suiteTelegram();

const BAD_GATEWAY = { kind: "error", status: 502, description: "Bad Gateway" } as const;

/** The update's reply is in flight or failing: the bot called sendMessage at least `n` times. */
async function sendAttempts(chatId: number, n: number): Promise<void> {
  await eventually(async () => {
    if (telegram.standIn.sendAttempts(chatId) < n) throw new Error(`${telegram.standIn.sendAttempts(chatId)} sendMessage calls so far`);
  }, 20_000);
}

async function storyPostLink(accessToken: string): Promise<{ status: number; editLink: string | null | undefined }> {
  const response = await storyPostRoute(
    new Request(`${SITE}/api/users/me/story-post`, { headers: { authorization: `Bearer ${accessToken}` } }),
  );
  const body = (await response.json()) as { data?: { editLink: string | null } };
  return { status: response.status, editLink: body.data?.editLink };
}

const linkIn = (text: string | undefined) => /http\S+/.exec(text ?? "")?.[0] ?? null;

describe("a bot reply while the Bot API fails", () => {
  it("answers the webhook 200 without waiting for the reply: the update stays unprocessed while the reply hangs, and goes out once (grammY gives up on the hung call)", async () => {
    const tg = telegramUser("Patience");
    telegram.standIn.setSendFault(tg.id, { kind: "hang", times: 1 });
    const delivery = await telegram.standIn.sendText(tg, "hello?");
    expect(delivery.status).toBe(200);
    await sendAttempts(tg.id, 1);
    expect(await updateState(sql, delivery.updateId)).toMatchObject({ processed: false, outcome: null });
    expect(botMessages(telegram.standIn, tg.id)).toEqual([]);

    expect(await updateProcessed(sql, delivery.updateId, 40_000)).toMatchObject({ processed: true, outcome: "handled", attempts: 2 });
    expect(botMessages(telegram.standIn, tg.id)).toEqual([BOT_TEXT.notLinked]);
  }, 60_000);

  it("keeps the update unprocessed while Telegram answers 5xx, retries, and sends the reply exactly once when it is back", async () => {
    const tg = telegramUser("Outage");
    telegram.standIn.setSendFault(tg.id, BAD_GATEWAY);
    const delivery = await telegram.standIn.sendText(tg, "/today");
    expect(delivery.status).toBe(200);
    await sendAttempts(tg.id, 2);
    const failing = await updateState(sql, delivery.updateId);
    expect(failing).toMatchObject({ processed: false, outcome: null });
    expect(failing?.lastError).toContain("Bad Gateway");
    expect(botMessages(telegram.standIn, tg.id)).toEqual([]);

    telegram.standIn.setSendFault(tg.id, null);
    expect(await updateProcessed(sql, delivery.updateId)).toMatchObject({ processed: true, outcome: "handled" });
    expect(botMessages(telegram.standIn, tg.id)).toEqual([BOT_TEXT.notLinked]);
  });

  it("waits out a short 429 Too Many Requests within the attempt and replies once", async () => {
    const tg = telegramUser("Busy");
    telegram.standIn.setSendFault(tg.id, {
      kind: "error",
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
      times: 2,
    });
    const updateId = await say(telegram, sql, tg, "/start");
    // The bot's auto-retry waits retry_after and calls again, in the job's one attempt.
    expect(await updateState(sql, updateId)).toMatchObject({ outcome: "handled", attempts: 1 });
    expect(telegram.standIn.sendAttempts(tg.id)).toBe(3);
    expect(botMessages(telegram.standIn, tg.id)).toHaveLength(1);
    expect(botMessages(telegram.standIn, tg.id)[0]).toContain("I am the Glucose Challenge coach bot");
  });

  it("marks the update done, once, when the member blocked the bot (403), and records why", async () => {
    const tg = telegramUser("Blocked");
    telegram.standIn.setSendFault(tg.id, { kind: "error", status: 403, description: "Forbidden: bot was blocked by the user" });
    const updateId = await say(telegram, sql, tg, "hello");
    const state = await updateState(sql, updateId);
    expect(state).toMatchObject({ processed: true, outcome: "undeliverable", attempts: 1 });
    expect(state?.lastError).toContain("Forbidden: bot was blocked by the user");
    expect(telegram.standIn.sendAttempts(tg.id)).toBe(1);
  });
});

describe("a retried reply changes nothing twice", () => {
  it("a /start and its confirmation whose replies were lost ask once and say 'linked' again, not 'expired'", async () => {
    const member = await signedInMember("retried-start");
    const tg = telegramUser("Robin");
    telegram.standIn.setSendFault(tg.id, { ...BAD_GATEWAY, times: 1 });
    const started = await say(telegram, sql, tg, `/start ${await issueStartToken(member.token)}`);
    expect(await updateState(sql, started)).toMatchObject({ attempts: 2 });
    telegram.standIn.setSendFault(tg.id, { ...BAD_GATEWAY, times: 1 });
    const confirmed = await say(telegram, sql, tg, LINK_ANSWERS.yes);
    expect(await updateState(sql, confirmed)).toMatchObject({ attempts: 2 });
    expect(botMessages(telegram.standIn, tg.id)).toEqual([BOT_TEXT.confirmLink(member.email), BOT_TEXT.linked("Robin", member.email)]);
  });

  it("a /story answer retried takes the answer once; the last one makes one post and sends the same link, which the dashboard shows too", async () => {
    const { member, tg } = await linkedMember(telegram, sql, "retried-story");
    expect(await storyPostLink(member.token)).toEqual({ status: 200, editLink: null });
    await say(telegram, sql, tg, "/story");
    telegram.standIn.setSendFault(tg.id, { ...BAD_GATEWAY, times: 1 });
    const first = await say(telegram, sql, tg, "Rice spiked me to 180.");
    expect(await updateState(sql, first)).toMatchObject({ attempts: 2 });
    await say(telegram, sql, tg, "I walk after dinner now.");
    // The third answer's reply fails twice after its post was made.
    telegram.standIn.setSendFault(tg.id, { ...BAD_GATEWAY, times: 2 });
    const last = await say(telegram, sql, tg, "skip");
    expect(await updateState(sql, last)).toMatchObject({ outcome: "handled", attempts: 3 });

    const replies = botMessages(telegram.standIn, tg.id).slice(2); // after the link confirmation and the greeting
    expect(replies.slice(0, 3)).toEqual([...BOT_TEXT.storyQuestions]);
    expect(replies).toHaveLength(4);
    const sent = linkIn(replies[3]);
    expect(replies[3]).toBe(BOT_TEXT.storyReady(sent ?? ""));
    const posts = await sql`select id, edit_token_hash, story_messages from public.social_posts where owner_id = ${member.userId}`;
    expect(posts).toHaveLength(1);
    const link = new URL(sent ?? "http://invalid");
    expect(link.searchParams.get("post")).toBe(posts[0]?.id);
    expect(posts[0]?.edit_token_hash).toBe(hashSecretToken(link.searchParams.get("token") ?? ""));
    expect(posts[0]?.story_messages).toEqual([
      { sender: "mini_assistant", content: BOT_TEXT.storyQuestions[0] },
      { sender: "user", content: "Rice spiked me to 180." },
      { sender: "mini_assistant", content: BOT_TEXT.storyQuestions[1] },
      { sender: "user", content: "I walk after dinner now." },
    ]);
    expect(await storyPostLink(member.token)).toEqual({ status: 200, editLink: sent });
  });

  it("finds the post an attempt made before it died, and gives its link again", async () => {
    const member = await signedInMember("story-crash");
    const story = {
      source: "coach_bot" as const,
      owner_id: member.userId,
      story_messages: [{ sender: "user" as const, content: "Beans kept me flat." }],
      user_inputs: "",
    };
    const updateId = 5_500_000 + Math.floor(Math.random() * 100_000);
    const made = await storyPostFor(updateId, member.userId, story);
    // As if the process died after the post was inserted, before it was recorded against the update.
    await sql`delete from public.telegram_story_posts where post_id = ${made.postId}`;
    const again = await storyPostFor(updateId, member.userId, story);
    expect(again).toEqual(made);
    const [count] = await sql`select count(*)::int as n from public.social_posts where owner_id = ${member.userId}`;
    expect(count?.n).toBe(1);
    expect(await storyPostLink(member.token)).toEqual({ status: 200, editLink: made.editLink });
    // Another member's update with the same id is a different post with a different link.
    const other = await signedInMember("story-other");
    const theirs = await storyPostFor(updateId, other.userId, { ...story, owner_id: other.userId });
    expect(theirs.postId).not.toBe(made.postId);
    expect(theirs.editLink).not.toBe(made.editLink);
  });

  it("the dashboard's story link needs a signed-in member", async () => {
    const response = await storyPostRoute(new Request(`${SITE}/api/users/me/story-post`));
    expect(response.status).toBe(401);
  });
});
