// POST /api/telegram/webhook - updates from Telegram for the coach bot (D15).
import { readBodyText, route } from "@/server/http";
import { handleTelegramWebhook, SECRET_HEADER, webhookResultSchema } from "@/server/telegram/webhook";

const MAX_UPDATE_BYTES = 256 * 1024;

export const POST = route({ response: webhookResultSchema }, async ({ request }) =>
  handleTelegramWebhook(await readBodyText(request, MAX_UPDATE_BYTES), request.headers.get(SECRET_HEADER)),
);
