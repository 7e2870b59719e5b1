import "server-only";
import type { TransactionSql } from "postgres";
import type { HealthCursor } from "@/lib/operator/health-schemas";
import { db } from "./client";

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
  /** createdAt to the microsecond, for the next page's cursor. */
  createdAtExact: string;
  lastAttemptAt: Date | null;
};

/** Emails not sent, newest first: the page after `before` (the first without it). */
export async function listUnsentEmails(options: { before?: HealthCursor; limit: number }): Promise<UnsentEmailRow[]> {
  const sql = db();
  const { before } = options;
  return sql<UnsentEmailRow[]>`
    select id::text, kind, recipient, status, attempts, last_error as "lastError", created_at as "createdAt",
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAtExact",
      last_attempt_at as "lastAttemptAt"
    from public.email_outbox
    where status <> 'sent'
      ${before ? sql`and (created_at, id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``}
    order by created_at desc, email_outbox.id desc
    limit ${options.limit}`;
}

/** How many emails are not sent (through the same index: only unsent rows are read). */
export async function countUnsentEmails(): Promise<{ queued: number; failed: number }> {
  const [row] = await db()<{ queued: number; failed: number }[]>`
    select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'failed')::int as failed
    from public.email_outbox where status <> 'sent'`;
  return row ?? { queued: 0, failed: 0 };
}

export type OutboxEmail = { id: string; kind: string; recipient: string; status: "queued" | "sent" | "failed"; attempts: number; lastError: string | null };

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
