// POST /api/auth/verify-telegram-auth - checks a login widget payload (D8) and answers it unchanged.
import { telegramAuthPayloadSchema } from "@/lib/telegram/telegram-auth-schemas";
import { route } from "@/server/http";
import { telegramVerifyLimits } from "@/server/http/rate-limits";
import { verifyTelegramAuth } from "@/server/telegram/member-telegram";

export const POST = route(
  {
    body: telegramAuthPayloadSchema,
    maxBodyBytes: 4096,
    rateLimits: telegramVerifyLimits,
    errorMessageField: true,
    response: telegramAuthPayloadSchema,
  },
  ({ body }) => verifyTelegramAuth(body),
);
