import "server-only";
import type { TransactionSql } from "postgres";
import { insertTelegramMessage, insertTelegramMessages } from "../db/telegram/telegram-messages";
import { enqueueJob } from "../jobs/enqueue-job";
import { jobEngine } from "../jobs/job-engine";
import { wakeJobWorkers } from "../jobs/job-workers-wake";

/** D16: queues a message to a chat in the caller's transaction: it is sent only if that commits. Its row's id. */
export async function queueTelegramMessage(tx: TransactionSql, chatId: number, text: string): Promise<string> {
  const messageId = await insertTelegramMessage(tx, chatId, text);
  await enqueueJob(tx, "telegram-message", { messageId });
  return messageId;
}

/**
 * The engine's insert of many jobs on the caller's transaction. It passes the jobs as one JSON text
 * for a json parameter, which postgres.js serialises itself: it is given the parsed value.
 */
function insertJobsOn(tx: TransactionSql) {
  return {
    executeSql: async (text: string, values: unknown[]) => ({
      rows: [
        ...(await tx.unsafe(
          text,
          values.map((value, index) => (index === 0 && typeof value === "string" ? JSON.parse(value) : (value ?? null))) as never[],
        )),
      ],
    }),
  };
}

/**
 * The same for many messages at once (the programme's morning, say): their rows in one statement
 * and their jobs in another, in the caller's transaction. Their ids, in the order given.
 */
export async function queueTelegramMessages(tx: TransactionSql, messages: { chatId: number; text: string }[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const ids = await insertTelegramMessages(tx, messages);
  await jobEngine().insert(
    ids.map((messageId) => ({ name: "telegram-message", data: { messageId } })),
    { db: insertJobsOn(tx) },
  );
  wakeJobWorkers("telegram-message");
  return ids;
}
