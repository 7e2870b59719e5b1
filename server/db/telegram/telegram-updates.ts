import "server-only";
import type { Update } from "grammy/types";
import type { TransactionSql } from "postgres";
import { db } from "../client";

/**
 * D15, D16: stores a verified update whole, in the transaction that queues the telegram-update job
 * answering it (server/telegram/webhook.ts); false when the update id was stored before (Telegram
 * delivered it again).
 */
export async function insertTelegramUpdate(tx: TransactionSql, update: Update): Promise<boolean> {
  const rows = await tx`
    insert into public.telegram_updates (update_id, payload) values (${update.update_id}, ${tx.json(update as never)})
    on conflict (update_id) do nothing
    returning update_id`;
  return rows.length > 0;
}

export type StoredTelegramUpdate = { updateId: number; payload: unknown; processedAt: Date | null };

/** A stored update, counting this attempt to answer it. */
export async function startTelegramUpdateAttempt(updateId: number): Promise<StoredTelegramUpdate | null> {
  const [row] = await db()<{ update_id: string; payload: unknown; processed_at: Date | null }[]>`
    update public.telegram_updates set attempts = attempts + 1 where update_id = ${updateId}
    returning update_id, payload, processed_at`;
  return row ? { updateId: Number(row.update_id), payload: row.payload, processedAt: row.processed_at } : null;
}

/** The update is done: its reply went out, or Telegram refused it for good (with the reason). */
export async function markTelegramUpdateProcessed(
  updateId: number,
  outcome: "handled" | "undeliverable",
  error: string | null = null,
): Promise<void> {
  await db()`
    update public.telegram_updates set processed_at = now(), outcome = ${outcome}, last_error = ${error?.slice(0, 2000) ?? null}
    where update_id = ${updateId} and processed_at is null`;
}

export async function recordTelegramUpdateFailure(updateId: number, error: string): Promise<void> {
  await db()`update public.telegram_updates set last_error = ${error.slice(0, 2000)} where update_id = ${updateId}`;
}
