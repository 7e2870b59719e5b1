import type { IncomingMessage } from "node:http";
import type { FloodLimiter } from "./flood-limits";
import type { TelegramUser } from "./telegram-store";

/** A JSON array of Telegram users (an id and a first name each), or null. */
function knownUsers(body: string): TelegramUser[] | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const users: TelegramUser[] = [];
  for (const item of value) {
    const user = item as Partial<TelegramUser> | null;
    if (typeof user?.id !== "number" || !Number.isSafeInteger(user.id) || typeof user.first_name !== "string") return null;
    users.push({ id: user.id, is_bot: false, first_name: user.first_name.slice(0, 64) || "Telegram User" });
  }
  return users;
}

type StandInParts = {
  flood: FloodLimiter;
  rememberUsers: (users: TelegramUser[]) => void;
  readBody: (req: IncomingMessage) => Promise<string>;
};

/**
 * For a local run that talks to the stand-in over HTTP (the bench): POST /local/chats makes a list
 * of users' chats known, as each pressing Start does; GET /local/sends reads the bot's sending calls
 * so far. An answer to give, or null when the request is not one of these.
 */
export function standInRoutes(parts: StandInParts) {
  return async (req: IncomingMessage, url: URL): Promise<{ status: number; body: unknown } | null> => {
    if (url.pathname === "/local/sends" && req.method === "GET") return { status: 200, body: parts.flood.snapshot() };
    if (url.pathname !== "/local/chats" || req.method !== "POST") return null;
    const users = knownUsers(await parts.readBody(req));
    if (!users) return { status: 400, body: { ok: false, description: "expected a JSON array of { id, first_name }" } };
    parts.rememberUsers(users);
    return { status: 200, body: { ok: true, known: users.length } };
  };
}
