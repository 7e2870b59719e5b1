import "server-only";
import type { ChatTypeContext, Composer, Context } from "grammy";
import { formatHour } from "@/lib/programme/programme-preferences-schema";
import { fillText } from "@/lib/programme/programme-texts";
import { canonicalTimeZone } from "@/lib/time-zone/time-zone";
import type { ProgrammePreferencesRead } from "../db/programme/programme-preferences";
import { readProgrammeTexts } from "../db/programme/programme-texts";
import { findLinkByTelegramUser, type TelegramLink } from "../db/telegram/telegram-links";
import { feedbackFromBot } from "../programme/programme-feedback";
import { changeProgrammePreferences, readMemberProgrammePreferences } from "../programme/programme-preferences";
import { BOT_TEXT } from "./bot-replies";

// The coach bot's side of the programme's messages: /pause, /resume and /hour N change what the
// dashboard's "Programme messages" card changes, and a reply to the feedback question is kept. Each
// sets a value (never toggles) and answers from what it set, so an update handled twice (its reply
// was lost) changes nothing more and says the same.

type PrivateChats = Composer<ChatTypeContext<Context, "private">>;

// "/hour 7", "/hour 07", "/hour 7:00", "/hour 19:00".
const HOUR_ARGUMENT = /^\s*(\d{1,2})(?::00)?\s*$/;

/** The hour a /hour argument names (0–23), null when it names none, undefined when there is no argument. */
export function hourArgument(argument: string): number | null | undefined {
  if (!argument.trim()) return undefined;
  const match = HOUR_ARGUMENT.exec(argument);
  const hour = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : null;
}

const zoneOf = (preferences: ProgrammePreferencesRead) =>
  (preferences.timeZone && canonicalTimeZone(preferences.timeZone)) || BOT_TEXT.utcZone;

async function linkOf(ctx: Context): Promise<TelegramLink | null> {
  const from = ctx.from;
  if (!from) return null;
  const link = await findLinkByTelegramUser(from.id);
  if (!link) await ctx.reply(BOT_TEXT.notLinked);
  return link;
}

/** Adds /pause, /resume and /hour to the bot's private chats; `settingsUrl` is the dashboard's card. */
export function addProgrammeCommands(privateChats: PrivateChats, settingsUrl: string): void {
  privateChats.command("pause", async (ctx) => {
    const link = await linkOf(ctx);
    if (!link) return;
    if (!(await changeProgrammePreferences(link.userId, { paused: true }))) return void (await ctx.reply(BOT_TEXT.notLinked));
    await ctx.reply(BOT_TEXT.paused(settingsUrl));
  });

  privateChats.command("resume", async (ctx) => {
    const link = await linkOf(ctx);
    if (!link) return;
    const saved = await changeProgrammePreferences(link.userId, { paused: false });
    if (!saved) return void (await ctx.reply(BOT_TEXT.notLinked));
    await ctx.reply(BOT_TEXT.resumed(formatHour(saved.morningHour), zoneOf(saved)));
  });

  privateChats.command("hour", async (ctx) => {
    const link = await linkOf(ctx);
    if (!link) return;
    const hour = hourArgument(ctx.match);
    if (hour === null) return void (await ctx.reply(BOT_TEXT.hourInvalid));
    if (hour === undefined) {
      const current = await readMemberProgrammePreferences(link.userId);
      if (!current) return void (await ctx.reply(BOT_TEXT.notLinked));
      return void (await ctx.reply(BOT_TEXT.hourNow(formatHour(current.morningHour), zoneOf(current))));
    }
    const saved = await changeProgrammePreferences(link.userId, { morningHour: hour });
    if (!saved) return void (await ctx.reply(BOT_TEXT.notLinked));
    await ctx.reply(BOT_TEXT.hourSet(formatHour(hour), zoneOf(saved)));
  });
}

/**
 * A linked member's message while the feedback question waits: a score is kept and thanked (with
 * the operator's "feedback-thanks" text), anything else gets a hint. False when no question waits,
 * so the message is handled as any other.
 */
export async function answerProgrammeFeedback(ctx: Context, link: TelegramLink, text: string, now: Date): Promise<boolean> {
  const outcome = await feedbackFromBot(link.userId, text, now);
  if (outcome === "none") return false;
  if (outcome === "hint") {
    await ctx.reply(BOT_TEXT.feedbackHint);
    return true;
  }
  const texts = await readProgrammeTexts();
  await ctx.reply(fillText(texts["feedback-thanks"], { name: link.firstName ?? "there" }));
  return true;
}
