import * as z from "zod/mini";

/**
 * SPEC §3 Messaging-app auth payload: what the login widget hands the page (id, names, username,
 * photo and the signature fields), passed to POST /api/auth/verify-telegram-auth unchanged.
 */
export const telegramAuthPayloadSchema = z.catchall(
  z.object({
    id: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
    first_name: z.string().check(z.minLength(1), z.maxLength(256)),
    last_name: z.optional(z.string().check(z.maxLength(256))),
    username: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/))),
    // Telegram sends an https address; the local stand-in an inline picture.
    photo_url: z.optional(
      z.string().check(
        z.maxLength(4096),
        z.refine(
          (value) => /^https:\/\/[^\s]+$/.test(value) || /^data:image\/(svg\+xml|png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(value),
          "photo_url must be an https address or an inline picture",
        ),
      ),
    ),
    auth_date: z.int().check(z.positive()),
    hash: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)),
  }),
  // Fields Telegram adds later are part of the signed data too; only plain values are accepted.
  z.union([z.string().check(z.maxLength(2048)), z.number()]),
);

export type TelegramAuthPayload = z.output<typeof telegramAuthPayloadSchema>;

/**
 * POST /api/auth/link-telegram-user-email (D8): the id (and username, when the Telegram user has
 * one) and the proof the bot signed for them, and the member's email.
 */
export const linkTelegramBodySchema = z.object({
  telegram_id: z.string().check(z.regex(/^[1-9]\d{0,15}$/, "telegram_id must be a Telegram user id.")),
  telegram_username: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/, "telegram_username must be a Telegram username."))),
  email: z.email().check(z.maxLength(254)),
  proof: z.string().check(z.regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/, "proof must be the proof from the bot's link.")),
});

export const linkTelegramResultSchema = z.object({ message: z.string(), telegramLinked: z.literal(true) });
