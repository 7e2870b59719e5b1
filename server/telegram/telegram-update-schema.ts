import "server-only";
import type { Update } from "grammy/types";
import { z } from "zod";

// The fields of an update this product relies on; grammY reads the rest of it.
const telegramUpdateSchema = z
  .object({
    update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    message: z
      .object({
        message_id: z.number().int(),
        date: z.number().int(),
        chat: z.object({ id: z.number().int(), type: z.string() }).loose(),
        from: z
          .object({ id: z.number().int().positive(), is_bot: z.boolean(), first_name: z.string().max(256) })
          .loose()
          .optional(),
        text: z.string().max(4096).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

/** An update as Telegram sent it, once the fields the handlers read are checked; null otherwise. */
export function parseTelegramUpdate(json: unknown): Update | null {
  const parsed = telegramUpdateSchema.safeParse(json);
  // The checked fields are the ones the handlers read; grammY takes the update as Telegram sent it.
  return parsed.success ? (parsed.data as Update) : null;
}
