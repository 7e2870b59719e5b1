import "server-only";
import type { Update } from "grammy/types";
import { z } from "zod";
import { recordTelegramUpdate } from "../db/telegram";
import { serverEnv } from "../env";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { coachBot } from "./coach-bot";
import { constantTimeEqual } from "../security/secret-tokens";

export const SECRET_HEADER = "x-telegram-bot-api-secret-token";

// The fields this product relies on; grammY reads the rest of the update.
const updateSchema = z
  .object({
    update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    message: z
      .object({
        message_id: z.number().int(),
        date: z.number().int(),
        chat: z.object({ id: z.number().int(), type: z.string() }).loose(),
        from: z.object({ id: z.number().int().positive(), is_bot: z.boolean(), first_name: z.string().max(256) }).loose().optional(),
        text: z.string().max(4096).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

export type WebhookResult = { ok: true; processed: boolean };

/**
 * D15: an update from Telegram. Without the secret header (compared in constant time) nothing
 * happens; each update_id is processed once; a failing handler is logged and still answered 2xx,
 * so Telegram does not retry the update for ever.
 */
export async function handleTelegramWebhook(rawBody: string, secretHeader: string | null): Promise<WebhookResult> {
  if (!secretHeader || !constantTimeEqual(secretHeader, serverEnv().TELEGRAM_WEBHOOK_SECRET)) {
    throw new ApiError("unauthorized", "The webhook secret is missing or wrong.");
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ApiError("invalid_json", "The update is not valid JSON.");
  }
  const parsed = updateSchema.safeParse(json);
  if (!parsed.success) throw new ApiError("validation_failed", "The update is not valid.");
  // The fields checked above are the ones the handlers read; grammY takes the update as Telegram sent it.
  const update = parsed.data as Update;
  if (!(await recordTelegramUpdate(update.update_id))) return { ok: true, processed: false };
  try {
    await coachBot().handleUpdate(update);
  } catch (error) {
    log.error("Coach bot failed to handle an update", { updateId: update.update_id, error });
  }
  return { ok: true, processed: true };
}
