// The Telegram stand-in's state: the bot's webhook, the people who talk to it, and every chat's
// messages in both directions. Kept in memory: a restart is a fresh Telegram.
import { randomInt } from "node:crypto";

export type TelegramUser = { id: number; is_bot: boolean; first_name: string; username?: string; language_code?: string };

export type MessageEntity = { type: "bot_command"; offset: number; length: number };

export type ChatMessage = {
  message_id: number;
  date: number;
  chat: { id: number; type: "private"; first_name: string; username?: string };
  from: TelegramUser;
  text: string;
  entities?: MessageEntity[];
  /** The reply keyboard a bot message offers (buttons whose tap sends their text), as the chat page shows it. */
  reply_markup?: { keyboard: { text: string }[][] };
};

export type Webhook = { url: string; secretToken: string | null };

/**
 * A test's control over the bot's sendMessage to one chat: answer with an error (Telegram down,
 * 429, the bot blocked) or never answer at all; for the next `times` calls, or until cleared.
 */
export type SendFault = ({ kind: "error"; status: number; description: string; retryAfter?: number } | { kind: "hang" }) & {
  times?: number;
};

export class TelegramStore {
  webhook: Webhook | null = null;
  // Update ids are unique per bot for good, and the app keeps the ids it has seen: a stand-in that
  // starts again (or another test file's) must not reuse one, so each starts past every earlier one.
  private nextUpdateId = Date.now() * 1000 + randomInt(1000);
  private nextMessageId = 1;
  readonly users = new Map<number, TelegramUser>();
  readonly chats = new Map<number, ChatMessage[]>();
  readonly sendFaults = new Map<number, SendFault>();
  /** How often the bot called sendMessage for each chat, answered or not. */
  readonly sendAttempts = new Map<number, number>();

  /** Counts a sendMessage call and takes the fault it meets, if any. */
  takeSendFault(chatId: number): SendFault | null {
    this.sendAttempts.set(chatId, (this.sendAttempts.get(chatId) ?? 0) + 1);
    const fault = this.sendFaults.get(chatId);
    if (!fault) return null;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.sendFaults.delete(chatId);
      else this.sendFaults.set(chatId, { ...fault, times: fault.times - 1 });
    }
    return fault;
  }

  updateId(): number {
    return this.nextUpdateId++;
  }

  messageId(): number {
    return this.nextMessageId++;
  }

  rememberUser(user: TelegramUser): void {
    this.users.set(user.id, user);
    if (!this.chats.has(user.id)) this.chats.set(user.id, []);
  }

  append(chatId: number, message: ChatMessage): void {
    const chat = this.chats.get(chatId) ?? [];
    chat.push(message);
    this.chats.set(chatId, chat);
  }

  messages(chatId: number): ChatMessage[] {
    return this.chats.get(chatId) ?? [];
  }
}

/** Telegram marks a leading /command (with an optional @bot) as a bot_command entity. */
export function commandEntities(text: string): MessageEntity[] | undefined {
  const match = /^\/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{5,32})?/.exec(text);
  return match ? [{ type: "bot_command", offset: 0, length: match[0].length }] : undefined;
}
