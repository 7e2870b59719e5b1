// POST /api/auth/link-telegram-user-email - links the signed-in member to the Telegram user the bot vouched for (D8).
import { linkTelegramBodySchema, linkTelegramResultSchema } from "@/lib/telegram/telegram-auth-schemas";
import { route } from "@/server/http";
import { linkTelegramUserEmail } from "@/server/telegram/member-telegram";

export const POST = route(
  {
    auth: "required",
    liveSession: true,
    body: linkTelegramBodySchema,
    maxBodyBytes: 2048,
    rateLimits: [{ name: "telegram-link", limit: 10, windowSeconds: 900 }],
    errorMessageField: true,
    response: linkTelegramResultSchema,
  },
  ({ user, body }) => linkTelegramUserEmail(user, body),
);
