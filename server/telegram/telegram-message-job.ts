import "server-only";
import { GrammyError } from "grammy";
import { markTelegramMessageSent, recordTelegramMessageFailure, startTelegramMessageAttempt } from "../db/telegram/telegram-messages";
import type { JobAttempt } from "../jobs/job-queues";
import { log } from "../log";
import { settleRefusedTelegramMessage } from "../programme/programme-bot-refused";
import { coachBot } from "./coach-bot";
import { describeBotError, PERMANENT_ERROR_CODES } from "./telegram-update-job";

// A message id is the row's uuid; anything else is not ours to look up.
const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * D16: the telegram-message job. Sends a queued message and marks it sent, or
 * undeliverable when Telegram refuses it for good (the chat blocked the bot, or is gone: a
 * programme message then goes by email, server/programme/programme-bot-refused.ts); any other
 * failure is recorded and thrown, and the engine retries the job.
 */
export async function sendStoredTelegramMessage(id: string, attempt: JobAttempt): Promise<void> {
  if (!MESSAGE_ID.test(id)) return;
  const message = await startTelegramMessageAttempt(id);
  if (!message || message.sent) return;
  try {
    await coachBot().api.sendMessage(message.chatId, message.text);
  } catch (error) {
    if (error instanceof GrammyError && PERMANENT_ERROR_CODES.has(error.error_code)) {
      log.warn("Telegram refused the coach bot's message for good", { id, code: error.error_code, description: error.description });
      // A programme message goes by email instead, and the member's next ones too.
      await settleRefusedTelegramMessage(id, message.text, describeBotError(error));
      return;
    }
    await recordTelegramMessageFailure(id, describeBotError(error));
    if (attempt.isLastAttempt) log.error("A coach bot message could not be sent; it is left unsent", { id, error });
    throw error;
  }
  await markTelegramMessageSent(id, "sent");
}
