import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { OUTBOX_EMAIL_SCHEMAS, type OutboxEmailData, type OutboxEmailKind } from "./outbox-kinds";

// D16: the transactional outbox. An email is a row of public.email_outbox written in the same
// transaction as the change it is about, with a send-email job; the job renders and sends it, at
// least once, and keeps its state (queued, sent, failed with the reason): outbox-send.ts.

export type QueuedEmail<K extends OutboxEmailKind = OutboxEmailKind> = {
  kind: K;
  to: string;
  data: OutboxEmailData<K>;
  /** The same key queues the email once, however many times this is called. */
  dedupeKey?: string;
  orderId?: string;
};

/** Queues an email in the caller's transaction; false when its dedupe key was queued before. */
export async function queueEmail<K extends OutboxEmailKind>(tx: TransactionSql, email: QueuedEmail<K>): Promise<boolean> {
  return (await queueEmailRow(tx, email)) !== null;
}

/** The same, answering the outbox row's id (null when its dedupe key was queued before). */
export async function queueEmailRow<K extends OutboxEmailKind>(tx: TransactionSql, email: QueuedEmail<K>): Promise<string | null> {
  const data = OUTBOX_EMAIL_SCHEMAS[email.kind].parse(email.data) as Record<string, unknown>;
  const [row] = await tx<{ id: string }[]>`
    insert into public.email_outbox (kind, recipient, data, dedupe_key, order_id)
    values (${email.kind}, ${email.to}, ${tx.json(data as never)}, ${email.dedupeKey ?? null}, ${email.orderId ?? null})
    on conflict (dedupe_key) do nothing
    returning id`;
  if (!row) return null;
  await enqueueJob(tx, "send-email", { outboxId: row.id });
  return row.id;
}

export type OrderEmailState = { queued: number; sent: number; failed: number };

/** How an order's emails are doing (what /payment-success tells a buyer who just paid). */
export async function orderEmailState(orderId: string): Promise<OrderEmailState> {
  const rows = await db()<{ status: keyof OrderEmailState; n: number }[]>`
    select status, count(*)::int as n from public.email_outbox where order_id = ${orderId} group by status`;
  const state: OrderEmailState = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) state[row.status] = row.n;
  return state;
}
