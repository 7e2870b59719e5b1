import { z } from "zod";

/**
 * SPEC §3 Messaging-app auth payload: what the login widget hands the page (id, names, username,
 * photo and the signature fields), passed to POST /api/auth/verify-telegram-auth unchanged.
 */
export const telegramAuthPayloadSchema = z
  .object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    first_name: z.string().min(1).max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().regex(/^[A-Za-z0-9_]{1,64}$/).optional(),
    // Telegram sends an https address; the local stand-in an inline picture.
    photo_url: z
      .string()
      .max(4096)
      .refine(
        (value) => /^https:\/\/[^\s]+$/.test(value) || /^data:image\/(svg\+xml|png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(value),
        "photo_url must be an https address or an inline picture",
      )
      .optional(),
    auth_date: z.number().int().positive(),
    hash: z.string().regex(/^[0-9a-fA-F]{64}$/),
  })
  // Fields Telegram adds later are part of the signed data too; only plain values are accepted.
  .catchall(z.union([z.string().max(2048), z.number()]));

export type TelegramAuthPayload = z.output<typeof telegramAuthPayloadSchema>;

/**
 * POST /api/auth/link-telegram-user-email (D8): the id (and username, when the Telegram user has
 * one) and the proof the bot signed for them, and the member's email.
 */
export const linkTelegramBodySchema = z.object({
  telegram_id: z.string().regex(/^[1-9]\d{0,15}$/, "telegram_id must be a Telegram user id."),
  telegram_username: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "telegram_username must be a Telegram username.").optional(),
  email: z.email().max(254),
  proof: z.string().regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/, "proof must be the proof from the bot's link."),
});

export const linkTelegramResultSchema = z.object({ message: z.string(), telegramLinked: z.literal(true) });
