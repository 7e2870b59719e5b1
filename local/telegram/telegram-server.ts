import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomInt } from "node:crypto";
import { listenOnLoopback } from "../listen";
import { callBotApi, chatIdOf, type BotIdentity } from "./bot-api";
import { chatPage, identityPage } from "./chat-page";
import { FloodLimiter, isSendingMethod, TELEGRAM_FLOOD_LIMITS, tooManyRequests, type FloodCounts, type FloodLimits } from "./flood-limits";
import { parseParams, readBody, send } from "./stand-in-http";
import { standInRoutes } from "./stand-in-routes";
import { loginWidgetRoutes } from "./login-widget";
import { commandEntities, TelegramStore, type ChatMessage, type SendFault, type TelegramUser } from "./telegram-store";

export type TelegramStandInOptions = {
  port: number;
  botToken: string;
  botUsername: string;
  /** The webhook as the app's own setWebhook call would leave it (Telegram keeps it across restarts). */
  webhook?: { url: string; secretToken?: string };
  retry?: { attempts: number; delayMs: number };
  /** Telegram's flood limits on the bot's sending calls (TELEGRAM_FLOOD_LIMITS unless given; false: none). */
  floodLimits?: FloodLimits | false;
  log?: (line: string) => void;
};

export type Delivery = { updateId: number; status: number | null };

export type TelegramStandIn = {
  port: number;
  url: string;
  /** What a Telegram user typing `text` to the bot does: the message is stored and delivered to the webhook. */
  sendText: (user: TelegramUser, text: string) => Promise<Delivery>;
  /** Every message of a private chat, both directions. */
  messages: (chatId: number) => ChatMessage[];
  /** Makes the bot's sendMessage to a chat fail or hang (null: Telegram answers it again). */
  setSendFault: (chatId: number, fault: SendFault | null) => void;
  /** How often the bot called sendMessage for a chat, answered or not. */
  sendAttempts: (chatId: number) => number;
  /** Makes chats known, as each user pressing Start in the bot's chat does (the bot may then write to them). */
  rememberUsers: (users: TelegramUser[]) => void;
  /** The bot's sending calls so far: let through, refused with 429, and the busiest second. */
  floodCounts: () => FloodCounts;
  stop: () => Promise<void>;
};

const USER_COOKIE = "tg_local_user";
function readUserCookie(req: IncomingMessage): TelegramUser | null {
  const cookie = (req.headers.cookie ?? "").split(/;\s*/).find((part) => part.startsWith(`${USER_COOKIE}=`));
  if (!cookie) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cookie.slice(USER_COOKIE.length + 1), "base64url").toString("utf8"));
    const user = value as Partial<TelegramUser>;
    if (typeof user.id !== "number" || typeof user.first_name !== "string") return null;
    return { id: user.id, is_bot: false, first_name: user.first_name, ...(user.username ? { username: user.username } : {}) };
  } catch {
    return null;
  }
}

/**
 * The local Telegram stand-in: the Bot API methods the coach bot calls at /bot<token>/<method>,
 * update delivery to the webhook with X-Telegram-Bot-Api-Secret-Token, a chat page at
 * /t.me/<bot>[?start=<token>], and the login widget script with its consent page.
 */
export async function startTelegram(options: TelegramStandInOptions): Promise<TelegramStandIn> {
  const log = options.log ?? (() => {});
  const store = new TelegramStore();
  const bot: BotIdentity = { token: options.botToken, username: options.botUsername, firstName: "Glucose Coach" };
  const retry = options.retry ?? { attempts: 3, delayMs: 500 };
  const flood = new FloodLimiter(options.floodLimits === false ? null : (options.floodLimits ?? TELEGRAM_FLOOD_LIMITS));
  if (options.webhook) store.webhook = { url: options.webhook.url, secretToken: options.webhook.secretToken ?? null };
  const server = createServer();
  const port = await listenOnLoopback(server, options.port);
  const origin = `http://localhost:${port}`;

  async function deliver(update: Record<string, unknown>): Promise<number | null> {
    const webhook = store.webhook;
    if (!webhook) return null;
    let status: number | null = null;
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      try {
        const response = await fetch(webhook.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(webhook.secretToken ? { "x-telegram-bot-api-secret-token": webhook.secretToken } : {}),
          },
          body: JSON.stringify(update),
        });
        status = response.status;
        await response.arrayBuffer();
        if (response.ok) return status;
      } catch (error) {
        log(`telegram: delivery of update ${String(update.update_id)} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (attempt < retry.attempts) await new Promise((resolve) => setTimeout(resolve, retry.delayMs * attempt));
    }
    return status;
  }

  async function sendText(user: TelegramUser, text: string): Promise<Delivery> {
    store.rememberUser(user);
    const entities = commandEntities(text);
    const message: ChatMessage = {
      message_id: store.messageId(),
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: "private", first_name: user.first_name, ...(user.username ? { username: user.username } : {}) },
      from: user,
      text,
      ...(entities ? { entities } : {}),
    };
    store.append(user.id, message);
    const updateId = store.updateId();
    return { updateId, status: await deliver({ update_id: updateId, message }) };
  }

  function sendFaultFor(chatId: unknown): SendFault | null {
    const id = chatIdOf(chatId);
    return id === null ? null : store.takeSendFault(id);
  }

  const widget = loginWidgetRoutes({ bot, origin });

  function rememberUsers(users: TelegramUser[]): void {
    for (const user of users) store.rememberUser(user);
  }
  const localRoutes = standInRoutes({ flood, rememberUsers, readBody });

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const run = async () => {
      const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (api) {
        if (decodeURIComponent(api[1] ?? "") !== options.botToken) {
          return send(res, 401, JSON.stringify({ ok: false, error_code: 401, description: "Unauthorized" }), "application/json");
        }
        let params: Record<string, unknown>;
        try {
          params = parseParams(await readBody(req), req.headers["content-type"], url.searchParams);
        } catch {
          return send(
            res,
            400,
            JSON.stringify({ ok: false, error_code: 400, description: "Bad Request: can't parse JSON" }),
            "application/json",
          );
        }
        const method = api[2] ?? "";
        const fault = method.toLowerCase() === "sendmessage" ? sendFaultFor(params.chat_id) : null;
        // A hanging Telegram: the request stays open until the caller gives up or the stand-in stops.
        if (fault?.kind === "hang") return;
        if (fault) {
          const parameters = fault.retryAfter ? { parameters: { retry_after: fault.retryAfter } } : {};
          return send(
            res,
            fault.status,
            JSON.stringify({ ok: false, error_code: fault.status, description: fault.description, ...parameters }),
            "application/json",
          );
        }
        const chatId = chatIdOf(params.chat_id);
        const retryAfter = isSendingMethod(method) && chatId !== null ? flood.admit(chatId) : null;
        if (retryAfter !== null) {
          return send(res, 429, JSON.stringify(tooManyRequests(retryAfter)), "application/json", { "retry-after": String(retryAfter) });
        }
        const answer = callBotApi(store, bot, method, params, Date.now);
        return send(res, answer.status, JSON.stringify(answer.body), "application/json");
      }
      const chat = /^\/t\.me\/([A-Za-z0-9_]{5,32})\/?$/.exec(url.pathname);
      if (chat && req.method === "GET") {
        if (chat[1]?.toLowerCase() !== options.botUsername.toLowerCase()) return send(res, 404, "No such bot here.", "text/plain");
        const user = readUserCookie(req);
        if (!user) return send(res, 200, identityPage(options.botUsername, url.pathname + url.search), "text/html; charset=utf-8");
        store.rememberUser(user);
        const start = url.searchParams.get("start");
        const token = start && /^[A-Za-z0-9_-]{1,64}$/.test(start) ? start : null;
        return send(res, 200, chatPage(options.botUsername, user, token), "text/html; charset=utf-8");
      }
      if (url.pathname === "/chat/identity" && req.method === "POST") {
        const form = new URLSearchParams(await readBody(req));
        const firstName = (form.get("first_name") ?? "").trim().slice(0, 64) || "Telegram User";
        const username = (form.get("username") ?? "").trim();
        const user = {
          id: randomInt(100_000_000, 2_000_000_000),
          first_name: firstName,
          ...(/^[A-Za-z0-9_]{5,32}$/.test(username) ? { username } : {}),
        };
        const next = form.get("next") ?? "/";
        const value = Buffer.from(JSON.stringify(user)).toString("base64url");
        return send(res, 303, "", "text/plain", {
          location: next.startsWith("/t.me/") ? next : `/t.me/${options.botUsername}`,
          "set-cookie": `${USER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax`,
        });
      }
      if (url.pathname === "/chat/messages" && req.method === "GET") {
        const user = readUserCookie(req);
        if (!user) return send(res, 401, "[]", "application/json");
        return send(res, 200, JSON.stringify(store.messages(user.id)), "application/json");
      }
      if (url.pathname === "/chat/send" && req.method === "POST") {
        const user = readUserCookie(req);
        if (!user) return send(res, 401, JSON.stringify({ ok: false }), "application/json");
        const body: unknown = JSON.parse(await readBody(req));
        const text = typeof (body as { text?: unknown }).text === "string" ? (body as { text: string }).text.trim().slice(0, 4096) : "";
        if (!text) return send(res, 400, JSON.stringify({ ok: false }), "application/json");
        const delivery = await sendText(user, text);
        return send(res, 200, JSON.stringify({ ok: true, ...delivery }), "application/json");
      }
      const local = await localRoutes(req, url);
      if (local) return send(res, local.status, JSON.stringify(local.body), "application/json");
      if (await widget(req, res, url)) return;
      send(res, 404, "Not found", "text/plain");
    };
    run().catch((error: unknown) => {
      log(`telegram: ${req.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent)
        send(res, 500, JSON.stringify({ ok: false, error_code: 500, description: "Internal Server Error" }), "application/json");
      else res.end();
    });
  });

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    sendText,
    messages: (chatId) => store.messages(chatId),
    setSendFault: (chatId, fault) => void (fault ? store.sendFaults.set(chatId, fault) : store.sendFaults.delete(chatId)),
    sendAttempts: (chatId) => store.sendAttempts.get(chatId) ?? 0,
    rememberUsers,
    floodCounts: () => flood.snapshot(),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
