import "server-only";
import type { TransactionSql } from "postgres";
import { keysetTimeAfter, type KeysetCursor } from "@/lib/paging/keyset-cursor";
import { db } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";

// The email outbox as the operators' Health page sees it: the emails not sent yet (queued, being
// retried, or given up on), read through the outbox's index of unsent rows (email_outbox_unsent_idx).

export type UnsentEmailRow = {
  id: string;
  kind: string;
  recipient: string;
  status: "queued" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** createdAt as the next page's cursor carries it (to the microsecond). */
  createdAtExact: string;
  lastAttemptAt: Date | null;
};

/** Emails not sent, newest first: the page after the cursor's email (the first without one, or with one that does not fit). */
export async function listUnsentEmails(options: { after?: KeysetCursor | null; limit: number }): Promise<UnsentEmailRow[]> {
  const sql = db();
  const after = keysetTimeAfter(options.after ?? null);
  const column = { createdAt: sql`email_outbox.created_at`, id: sql`email_outbox.id` };
  return sql<UnsentEmailRow[]>`
    select id::text, kind, recipient, status, attempts, last_error as "lastError", created_at as "createdAt",
      ${keysetTimeText(sql, column.createdAt)} as "createdAtExact",
      last_attempt_at as "lastAttemptAt"
    from public.email_outbox
    where status <> 'sent'
      ${
        after
          ? sql`and ${keysetAfter(sql, "desc", [
              [column.createdAt, keysetTime(sql, after.at)],
              [column.id, keysetId(sql, after.id)],
            ])}`
          : sql``
      }
    order by ${keysetOrder(sql, "desc", [column.createdAt, column.id])}
    limit ${options.limit}`;
}

/** How many emails are not sent (through the same index: only unsent rows are read). */
export async function countUnsentEmails(): Promise<{ queued: number; failed: number }> {
  const [row] = await db()<{ queued: number; failed: number }[]>`
    select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'failed')::int as failed
    from public.email_outbox where status <> 'sent'`;
  return row ?? { queued: 0, failed: 0 };
}

export type OutboxEmail = {
  id: string;
  kind: string;
  recipient: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
};

/** Who each of these outbox rows is for and what it is (the failed send-email jobs' subjects). */
export async function outboxEmailsByIds(ids: string[]): Promise<OutboxEmail[]> {
  if (ids.length === 0) return [];
  return db()<OutboxEmail[]>`
    select id::text, kind, recipient, status, attempts, last_error as "lastError"
    from public.email_outbox where id = any(${ids}::uuid[])`;
}

/** The outbox row, locked until the transaction ends: its job's worker waits to record the outcome. */
export async function lockOutboxEmail(tx: TransactionSql, id: string): Promise<OutboxEmail | null> {
  const [row] = await tx<OutboxEmail[]>`
    select id::text, kind, recipient, status, attempts, last_error as "lastError"
    from public.email_outbox where id = ${id} for update`;
  return row ?? null;
}

/** An email given up on is queued again (its last error stays until the next attempt). */
export async function requeueOutboxEmail(tx: TransactionSql, id: string): Promise<void> {
  await tx`update public.email_outbox set status = 'queued' where id = ${id} and status = 'failed'`;
}
