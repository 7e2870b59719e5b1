import "server-only";
import { Bot, type Context } from "grammy";
import { pickReply } from "@/lib/assistant/chat";
import { todayMessage } from "@/lib/telegram/cohort-day";
import type { StoryInput } from "@/lib/posts/story-schema";
import { publicEnv } from "@/lib/public-env";
import { currentCohort } from "../cohorts/member-cohorts";
import { findLinkByTelegramUser, type TelegramIdentity } from "../db/telegram/telegram-links";
import { memberTimeZone } from "../db/accounts/users";
import { readProgrammeTexts } from "../db/programme/programme-texts";
import { addStoryAnswer, endStorySession, startStorySession } from "../db/telegram/telegram-stories";
import { ApiError } from "../http/api-error";
import { storyPostFor, storyPostLinkOfUpdate } from "../posts/story-post";
import { serverEnv } from "../env";
import { answerLinkRequest, askToLink } from "./bot-linking";
import { BOT_TEXT } from "./bot-replies";
import { respectTelegramLimits } from "./bot-api-limits";
import { addProgrammeCommands, answerProgrammeFeedback } from "./programme-commands";
import { signLinkProof } from "./link-proof";

export type CoachBotOptions = {
  token: string;
  username: string;
  apiRoot: string;
  siteUrl: string;
  now?: () => Date;
  timeoutSeconds?: number;
};

// D16: a Bot API call that hangs fails after 10 s (grammY's default waits 500), so the
// telegram-update job fails and is retried instead of holding its worker.
export const BOT_API_TIMEOUT_SECONDS = 10;

function identity(ctx: Context): TelegramIdentity | null {
  const from = ctx.from;
  const chat = ctx.chat;
  if (!from || !chat || chat.type !== "private") return null;
  return { telegramUserId: from.id, chatId: chat.id, username: from.username ?? null, firstName: from.first_name || null };
}

/**
 * D15: the coach bot. Its own details come from the token and the configured username, so handling
 * an update never waits for getMe; replies go through grammY's client to TELEGRAM_API_URL. An
 * update may be handled again when its reply failed (server/telegram/telegram-update-job.ts), so
 * every handler's change is keyed by the update: a second run changes nothing and says the same.
 */
export function createCoachBot(options: CoachBotOptions): Bot {
  const now = options.now ?? (() => new Date());
  const botId = Number(options.token.split(":")[0]);
  const bot = new Bot(options.token, {
    client: { apiRoot: options.apiRoot, timeoutSeconds: options.timeoutSeconds ?? BOT_API_TIMEOUT_SECONDS },
    botInfo: {
      id: botId,
      is_bot: true,
      first_name: "Glucose Coach",
      username: options.username,
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
  // Telegram's flood limits: calls throttled, a short 429 waited out (server/telegram/bot-api-limits.ts).
  respectTelegramLimits(bot.api);
  // Groups and channels are not for coaching: only private chats are answered.
  const privateChats = bot.chatType("private");

  privateChats.command("start", async (ctx) => {
    const who = identity(ctx);
    if (!who) return;
    const name = who.firstName ?? "there";
    const payload = ctx.match.trim();
    if (payload) return askToLink(ctx, who, payload);
    const link = await findLinkByTelegramUser(who.telegramUserId);
    if (link) return void (await ctx.reply(BOT_TEXT.welcomeBack(name)));
    // D8: the sign-in link carries a proof that this bot saw this Telegram user (and its username,
    // which the member's confirmation names).
    const signIn = new URL("/auth", options.siteUrl);
    signIn.searchParams.set("telegram_id", String(who.telegramUserId));
    if (who.username) signIn.searchParams.set("telegram_username", who.username);
    signIn.searchParams.set("telegram_proof", signLinkProof(String(who.telegramUserId), options.token, now(), who.username));
    await ctx.reply(BOT_TEXT.introduction(name, signIn.toString()));
  });

  privateChats.command("today", async (ctx) => {
    const who = identity(ctx);
    if (!who) return;
    const link = await findLinkByTelegramUser(who.telegramUserId);
    if (!link) return void (await ctx.reply(BOT_TEXT.notLinked));
    const current = await currentCohort({ id: link.userId, email: link.email, role: "authenticated" });
    if (!current) return void (await ctx.reply(BOT_TEXT.noCohort));
    // D19: counted from the member's own calendar date, in the zone their dashboard stored; the
    // day's plan as an operator last edited it.
    const [timeZone, texts] = await Promise.all([memberTimeZone(link.userId), readProgrammeTexts()]);
    await ctx.reply(todayMessage(current.cohort, now(), timeZone, texts));
  });

  // A short story conversation whose result becomes an editable social post (D7).
  privateChats.command("story", async (ctx) => {
    const who = identity(ctx);
    if (!who) return;
    const link = await findLinkByTelegramUser(who.telegramUserId);
    if (!link) return void (await ctx.reply(BOT_TEXT.notLinked));
    await startStorySession(who.chatId, link.userId);
    await ctx.reply(BOT_TEXT.storyQuestions[0] ?? "");
  });

  privateChats.command("cancel", async (ctx) => {
    const who = identity(ctx);
    if (!who) return;
    await endStorySession(who.chatId);
    await ctx.reply(BOT_TEXT.storyCancelled);
  });

  // The programme's messages from the chat: /pause, /resume, /hour N.
  addProgrammeCommands(privateChats, new URL("/dashboard#programme", options.siteUrl).toString());

  // Free text continues an open story, or gets a coach reply (the site's simulated coach rules, SPEC §4 Chat).
  privateChats.on("message:text", async (ctx) => {
    const who = identity(ctx);
    if (!who) return;
    if (await answerLinkRequest(ctx, who, ctx.message.text, ctx.update.update_id)) return;
    const link = await findLinkByTelegramUser(who.telegramUserId);
    if (!link) return void (await ctx.reply(BOT_TEXT.notLinked));
    const updateId = ctx.update.update_id;
    // This update ended a story before and its reply was lost: the same post, the same link.
    const made = await storyPostLinkOfUpdate(updateId, link.userId);
    if (made) return void (await ctx.reply(BOT_TEXT.storyReady(made)));
    const answers = await addStoryAnswer(who.chatId, link.userId, ctx.message.text.slice(0, 2000), updateId);
    if (!answers) {
      // After the end: the answer to the feedback question, when it waits for one.
      if (await answerProgrammeFeedback(ctx, link, ctx.message.text, now())) return;
      return void (await ctx.reply(pickReply()));
    }
    const questions = BOT_TEXT.storyQuestions;
    if (answers.length < questions.length) return void (await ctx.reply(questions[answers.length] ?? ""));
    try {
      const post = await storyPostFor(updateId, link.userId, storyFromAnswers(link.userId, questions, answers));
      await endStorySession(who.chatId);
      await ctx.reply(BOT_TEXT.storyReady(post.editLink));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await endStorySession(who.chatId);
      await ctx.reply(BOT_TEXT.storyFailed);
    }
  });

  return bot;
}

/** The story conversation as the social post's input: the bot's questions and the member's answers. */
function storyFromAnswers(ownerId: string, questions: readonly string[], answers: string[]): StoryInput {
  const last = answers.at(-1)?.trim() ?? "";
  const told = answers.slice(0, questions.length - 1);
  return {
    source: "coach_bot",
    owner_id: ownerId,
    story_messages: told.flatMap((answer, index) => [
      { sender: "mini_assistant" as const, content: questions[index] ?? "" },
      { sender: "user" as const, content: answer },
    ]),
    user_inputs: last.toLowerCase() === "skip" ? "" : last,
  };
}

const globalForBot = globalThis as typeof globalThis & { __coachBot?: Bot };

/** The process's coach bot, configured from the environment. */
export function coachBot(): Bot {
  const env = serverEnv();
  globalForBot.__coachBot ??= createCoachBot({
    token: env.TELEGRAM_BOT_TOKEN,
    username: env.TELEGRAM_BOT_USERNAME,
    apiRoot: env.TELEGRAM_API_URL.replace(/\/+$/, ""),
    siteUrl: publicEnv.siteUrl,
  });
  return globalForBot.__coachBot;
}
