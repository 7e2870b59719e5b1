import "server-only";
import { BotError, GrammyError } from "grammy";
import { markTelegramUpdateProcessed, recordTelegramUpdateFailure, startTelegramUpdateAttempt } from "../db/telegram/telegram-updates";
import type { JobAttempt } from "../jobs/job-queues";
import { log } from "../log";
import { coachBot } from "./coach-bot";
import { parseTelegramUpdate } from "./telegram-update-schema";

// Telegram's answers that no retry changes: 400 (the chat was not found, the text is refused) and
// 403 (the member blocked the bot, or left). Everything else (no answer, a timeout, 429, 5xx) may
// pass, so the job fails and the engine retries it with backoff.
export const PERMANENT_ERROR_CODES = new Set([400, 403]);

export function describeBotError(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
}

/**
 * D15, D16: the telegram-update job. Runs the coach bot on a stored update and marks it processed
 * only once the reply went out, or Telegram refused it for good (recorded as undeliverable). Any
 * other failure is recorded and thrown, and the engine retries the job; the bot's handlers change
 * nothing twice for one update (coach-bot.ts), so a retry only sends the reply that was lost.
 */
export async function processStoredTelegramUpdate(updateId: number, attempt: JobAttempt): Promise<void> {
  const stored = await startTelegramUpdateAttempt(updateId);
  if (!stored || stored.processedAt) return;
  const update = parseTelegramUpdate(stored.payload);
  if (!update || update.update_id !== updateId) {
    log.error("A stored Telegram update cannot be read; it is left unprocessed", { updateId });
    return;
  }
  try {
    await coachBot().handleUpdate(update);
  } catch (thrown) {
    const error = thrown instanceof BotError ? thrown.error : thrown;
    if (error instanceof GrammyError && PERMANENT_ERROR_CODES.has(error.error_code)) {
      log.warn("Telegram refused the coach bot's reply for good", { updateId, code: error.error_code, description: error.description });
      await markTelegramUpdateProcessed(updateId, "undeliverable", describeBotError(error));
      return;
    }
    await recordTelegramUpdateFailure(updateId, describeBotError(error));
    if (attempt.isLastAttempt) log.error("A Telegram update could not be answered; it is left unprocessed", { updateId, error });
    throw error;
  }
  await markTelegramUpdateProcessed(updateId, "handled");
}
