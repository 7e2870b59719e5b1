import { apiRequest } from "@/components/api/api-request";
import { telegramAuthPayloadSchema, type TelegramAuthPayload } from "@/lib/telegram/telegram-auth-schemas";

export const VERIFY_FAILED = "Failed to verify Telegram authentication";

/** POST /api/auth/verify-telegram-auth: the server checks the login widget's signed answer. */
export function verifyTelegramAuth(payload: TelegramAuthPayload): Promise<TelegramAuthPayload> {
  return apiRequest({
    method: "POST",
    path: "/api/auth/verify-telegram-auth",
    body: payload,
    schema: telegramAuthPayloadSchema,
    fallback: VERIFY_FAILED,
  });
}
