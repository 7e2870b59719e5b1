import type { TelegramStore, TelegramUser, ChatMessage } from "./telegram-store";

// The part of the Bot API the coach bot calls, answered in Telegram's envelope:
// { ok: true, result } or { ok: false, error_code, description }.
export type BotIdentity = { token: string; username: string; firstName: string };

export type ApiAnswer = { status: number; body: Record<string, unknown> };

const ok = (result: unknown): ApiAnswer => ({ status: 200, body: { ok: true, result } });
const fail = (status: number, description: string): ApiAnswer => ({ status, body: { ok: false, error_code: status, description } });

export function botUser(bot: BotIdentity): TelegramUser & { username: string } {
  return { id: Number(bot.token.split(":")[0]), is_bot: true, first_name: bot.firstName, username: bot.username };
}

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export function chatIdOf(value: unknown): number | null {
  const id = typeof value === "string" && /^-?\d{1,20}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
}

/** A reply keyboard's button texts from sendMessage's reply_markup (an object, or JSON in a form body). */
function replyKeyboard(value: unknown): { keyboard: { text: string }[][] } | null {
  let markup: unknown = value;
  if (typeof value === "string") {
    try {
      markup = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const rows = (markup as { keyboard?: unknown } | null)?.keyboard;
  if (!Array.isArray(rows)) return null;
  const keyboard = rows.map((row: unknown) =>
    (Array.isArray(row) ? row : []).flatMap((button: unknown) => {
      const text = typeof button === "string" ? button : (button as { text?: unknown } | null)?.text;
      return typeof text === "string" && text ? [{ text }] : [];
    }),
  );
  return keyboard.some((row) => row.length > 0) ? { keyboard } : null;
}

export function callBotApi(
  store: TelegramStore,
  bot: BotIdentity,
  method: string,
  params: Record<string, unknown>,
  now: () => number,
): ApiAnswer {
  switch (method.toLowerCase()) {
    case "getme":
      return ok({
        ...botUser(bot),
        can_join_groups: false,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      });
    case "setwebhook": {
      const url = typeof params.url === "string" ? params.url : "";
      if (url === "") {
        store.webhook = null;
        return { status: 200, body: { ok: true, result: true, description: "Webhook was deleted" } };
      }
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("scheme");
      } catch {
        return fail(400, "Bad Request: bad webhook: Failed to resolve host: Name or service not known");
      }
      const secret = params.secret_token;
      if (secret !== undefined && (typeof secret !== "string" || !SECRET_TOKEN.test(secret))) {
        return fail(400, "Bad Request: secret token contains unallowed characters");
      }
      store.webhook = { url, secretToken: typeof secret === "string" ? secret : null };
      return { status: 200, body: { ok: true, result: true, description: "Webhook was set" } };
    }
    case "deletewebhook":
      store.webhook = null;
      return { status: 200, body: { ok: true, result: true, description: "Webhook was deleted" } };
    case "getwebhookinfo":
      return ok({ url: store.webhook?.url ?? "", has_custom_certificate: false, pending_update_count: 0 });
    case "getupdates":
      if (store.webhook)
        return fail(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
      return ok([]);
    case "sendchataction":
      return chatIdOf(params.chat_id) !== null && store.users.has(chatIdOf(params.chat_id)!)
        ? ok(true)
        : fail(400, "Bad Request: chat not found");
    case "sendmessage": {
      const chatId = chatIdOf(params.chat_id);
      const user = chatId === null ? undefined : store.users.get(chatId);
      if (chatId === null || !user) return fail(400, "Bad Request: chat not found");
      const text = typeof params.text === "string" ? params.text : "";
      if (text.trim() === "") return fail(400, "Bad Request: message text is empty");
      if (text.length > 4096) return fail(400, "Bad Request: message is too long");
      const keyboard = replyKeyboard(params.reply_markup);
      const message: ChatMessage = {
        message_id: store.messageId(),
        date: Math.floor(now() / 1000),
        chat: { id: chatId, type: "private", first_name: user.first_name, ...(user.username ? { username: user.username } : {}) },
        from: botUser(bot),
        text,
        ...(keyboard ? { reply_markup: keyboard } : {}),
      };
      store.append(chatId, message);
      return ok(message);
    }
    default:
      return fail(404, "Not Found");
  }
}
