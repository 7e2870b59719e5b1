import "server-only";
import type { Context } from "grammy";
import { maskEmail } from "@/lib/referrals/mask-email";
import { confirmLinkRequest, declineLinkRequest, requestLinkWithStartToken } from "../db/telegram/telegram-link-requests";
import type { TelegramIdentity, TellUnlinkedChat } from "../db/telegram/telegram-links";
import { hashSecretToken } from "../security/secret-tokens";
import { BOT_TEXT, LINK_ANSWERS } from "./bot-replies";
import { queueTelegramMessage } from "./queue-telegram-message";

// Start tokens are 43 URL-safe characters (server/security/secret-tokens.ts); Telegram allows up to 64.
const START_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

// The confirmation's answers as buttons under the message; a tap sends the button's text.
const ANSWER_KEYBOARD = {
  reply_markup: { keyboard: [[{ text: LINK_ANSWERS.yes }], [{ text: LINK_ANSWERS.no }]], one_time_keyboard: true, resize_keyboard: true },
};
const NO_KEYBOARD = { reply_markup: { remove_keyboard: true as const } };

const masked = (email: string) => maskEmail(email, { keepDomain: true });

/**
 * The chat a replaced link belonged to is told, by a message sent once the link commits (it decides
 * nothing, so the address stays masked).
 */
export const tellUnlinkedChat: TellUnlinkedChat = async (tx, chatId, email) => {
  await queueTelegramMessage(tx, chatId, BOT_TEXT.unlinked(masked(email)));
};

/**
 * D15: `/start <token>` from the dashboard's link links nobody yet. The bot names the member the
 * token belongs to by their whole address and asks the Telegram user to confirm: a start token is
 * made only by that member, signed in, and used once, and a masked address (v***@example.com) reads
 * the same for a look-alike account, so the person answering must see all of it to decide.
 */
export async function askToLink(ctx: Context, who: TelegramIdentity, payload: string): Promise<void> {
  if (!START_TOKEN.test(payload)) return void (await ctx.reply(BOT_TEXT.invalidToken));
  const outcome = await requestLinkWithStartToken(hashSecretToken(payload), who);
  if (outcome.kind === "confirm") return void (await ctx.reply(BOT_TEXT.confirmLink(outcome.email), ANSWER_KEYBOARD));
  if (outcome.kind === "linked") return void (await ctx.reply(BOT_TEXT.linked(who.firstName ?? "there", outcome.link.email), NO_KEYBOARD));
  await ctx.reply(outcome.kind === "telegram_taken" ? BOT_TEXT.telegramTaken : BOT_TEXT.invalidToken);
}

/**
 * The Telegram user's answer to an open link request: yes links, no drops the request. False when
 * the text is no answer (or the chat has no open request), so it is handled as any other message.
 */
export async function answerLinkRequest(ctx: Context, who: TelegramIdentity, text: string, updateId: number): Promise<boolean> {
  const answer = text.trim();
  if (answer === LINK_ANSWERS.no) {
    if (!(await declineLinkRequest(who))) return false;
    await ctx.reply(BOT_TEXT.linkDeclined, NO_KEYBOARD);
    return true;
  }
  if (answer !== LINK_ANSWERS.yes) return false;
  const outcome = await confirmLinkRequest(who, updateId, tellUnlinkedChat);
  if (!outcome) return false;
  if (outcome.kind === "linked") await ctx.reply(BOT_TEXT.linked(who.firstName ?? "there", outcome.link.email), NO_KEYBOARD);
  else await ctx.reply(outcome.kind === "telegram_taken" ? BOT_TEXT.telegramTaken : BOT_TEXT.invalidToken, NO_KEYBOARD);
  return true;
}
