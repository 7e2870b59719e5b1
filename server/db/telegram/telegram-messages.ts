import "server-only";
import { randomUUID } from "node:crypto";
import type { TransactionSql } from "postgres";
import { db, type Executor } from "../client";

// D16: a message the bot sends outside a reply (a chat told it was unlinked) is written
// with the change that makes it necessary and sent by the telegram-message job
// (server/telegram/queue-telegram-message.ts queues both).

/** Writes a message to a chat in the caller's transaction; its id. */
export async function insertTelegramMessage(tx: TransactionSql, chatId: number, text: string): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.telegram_outgoing_messages (chat_id, text) values (${chatId}, ${text.slice(0, 4096)}) returning id`;
  return row!.id;
}

/** Writes many messages in one statement; their ids, in the order given. */
export async function insertTelegramMessages(tx: TransactionSql, messages: { chatId: number; text: string }[]): Promise<string[]> {
  const rows = messages.map((m) => ({ id: randomUUID(), chat_id: m.chatId, text: m.text.slice(0, 4096) }));
  await tx`
    insert into public.telegram_outgoing_messages (id, chat_id, text)
    select x.id, x.chat_id, x.text from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as x(id uuid, chat_id bigint, text text)`;
  return rows.map((row) => row.id);
}

export type StoredTelegramMessage = { chatId: number; text: string; sent: boolean };

/** A queued message, counting this attempt to send it. */
export async function startTelegramMessageAttempt(id: string): Promise<StoredTelegramMessage | null> {
  const [row] = await db()<{ chat_id: string; text: string; sent_at: Date | null }[]>`
    update public.telegram_outgoing_messages set attempts = attempts + 1 where id = ${id}
    returning chat_id, text, sent_at`;
  return row ? { chatId: Number(row.chat_id), text: row.text, sent: row.sent_at !== null } : null;
}

/** The message went out, or Telegram refused it for good (with the reason). */
export async function markTelegramMessageSent(
  id: string,
  outcome: "sent" | "undeliverable",
  error: string | null = null,
  sql: Executor = db(),
): Promise<void> {
  await sql`
    update public.telegram_outgoing_messages set sent_at = now(), outcome = ${outcome}, last_error = ${error?.slice(0, 2000) ?? null}
    where id = ${id} and sent_at is null`;
}

export async function recordTelegramMessageFailure(id: string, error: string): Promise<void> {
  await db()`update public.telegram_outgoing_messages set last_error = ${error.slice(0, 2000)} where id = ${id}`;
}
