import "server-only";
import { z } from "zod";
import type { Update } from "grammy/types";
import { db } from "../db/client";
import { insertTelegramUpdate } from "../db/telegram/telegram-updates";
import { serverEnv } from "../env";
import { ApiError } from "../http/api-error";
import { assertStorableText } from "../http/storable-text";
import { enqueueJob } from "../jobs/enqueue-job";
import { constantTimeEqual } from "../security/secret-tokens";
import { parseTelegramUpdate } from "./telegram-update-schema";

export const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/** The answer's `data` for Telegram (which reads only the 2xx). */
export const webhookResultSchema = z.object({ ok: z.literal(true), duplicate: z.boolean() });
export type WebhookResult = z.infer<typeof webhookResultSchema>;

/**
 * D15, D16: an update from Telegram. Without the secret header (compared in constant time) nothing
 * happens. A verified update is stored with the job that answers it and acknowledged at once: the
 * bot's reply is the job's, retried until it went out (server/telegram/telegram-update-job.ts). A
 * repeated delivery of a stored update changes nothing (duplicate: true).
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
  // Stored as jsonb, which cannot hold a NUL or a lone surrogate: refused, never a 500 retried forever.
  assertStorableText(json, "update");
  const update = parseTelegramUpdate(json);
  if (!update) throw new ApiError("validation_failed", "The update is not valid.");
  const stored = await storeTelegramUpdate(update);
  return { ok: true, duplicate: !stored };
}

/** Stores a verified update with the job that answers it, in one transaction; false when it was stored before. */
function storeTelegramUpdate(update: Update): Promise<boolean> {
  return db().begin(async (tx) => {
    if (!(await insertTelegramUpdate(tx, update))) return false;
    await enqueueJob(tx, "telegram-update", { updateId: update.update_id });
    return true;
  });
}
