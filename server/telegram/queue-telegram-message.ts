import "server-only";
import type { TransactionSql } from "postgres";
import { insertTelegramMessage } from "../db/telegram/telegram-messages";
import { enqueueJob } from "../jobs/enqueue-job";

/** D16: queues a message to a chat in the caller's transaction: it is sent only if that commits. */
export async function queueTelegramMessage(tx: TransactionSql, chatId: number, text: string): Promise<void> {
  const messageId = await insertTelegramMessage(tx, chatId, text);
  await enqueueJob(tx, "telegram-message", { messageId });
}
