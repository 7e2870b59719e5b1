// POST /api/auth/link-telegram-user-email - links the signed-in member to the Telegram user the bot vouched for (D8).
import { linkTelegramBodySchema, linkTelegramResultSchema } from "@/lib/telegram/telegram-auth-schemas";
import { route } from "@/server/http";
import { telegramLinkLimits } from "@/server/http/rate-limits";
import { linkTelegramUserEmail } from "@/server/telegram/member-telegram";

export const POST = route(
  {
    auth: "required",
    liveSession: true,
    body: linkTelegramBodySchema,
    maxBodyBytes: 2048,
    rateLimits: telegramLinkLimits,
    errorMessageField: true,
    response: linkTelegramResultSchema,
  },
  ({ user, body }) => linkTelegramUserEmail(user, body),
);
