import "server-only";
import type { TransactionSql } from "postgres";
import { z } from "zod";
import { site } from "@/lib/site";
import { db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { log } from "../log";
import type { JobAttempt } from "../jobs/job-handlers";
import { OUTBOX_EMAILS, type OutboxEmailData, type OutboxEmailKind } from "./outbox-emails";
import { isPermanentRefusal, sendEmail } from "./send-email";

// D16: the transactional outbox. An email is a row of public.email_outbox written in the same
// transaction as the change it is about, with a send-email job; the job renders and sends it, at
// least once, and keeps its state (queued, sent, failed with the reason).

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
  const data = OUTBOX_EMAILS[email.kind].schema.parse(email.data) as Record<string, unknown>;
  const [row] = await tx<{ id: string }[]>`
    insert into public.email_outbox (kind, recipient, data, dedupe_key, order_id)
    values (${email.kind}, ${email.to}, ${tx.json(data as never)}, ${email.dedupeKey ?? null}, ${email.orderId ?? null})
    on conflict (dedupe_key) do nothing
    returning id`;
  if (!row) return false;
  await enqueueJob(tx, "send-email", { outboxId: row.id });
  return true;
}

type OutboxRow = { id: string; kind: string; recipient: string; data: unknown; status: "queued" | "sent" | "failed" };

const MAX_ERROR_LENGTH = 2000;

function describe(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/**
 * The send-email job: renders the row's email from its kind and data and sends it. A row already
 * sent is not sent again; a failure is recorded and thrown (the engine retries with backoff), and
 * the last attempt's failure marks the row failed. A mail server's permanent refusal (a 5xx reply
 * to the recipient or the message, isPermanentRefusal) marks it failed at once and is not thrown:
 * the same email would be refused again, so its job completes. Delivery is at least once: a crash
 * between the server accepting the message and the row being marked sent sends it again, with the
 * same Message-ID (the row's), which some mailboxes use to keep one copy.
 */
export async function sendOutboxEmail(outboxId: string, attempt: JobAttempt): Promise<void> {
  const id = z.uuid().parse(outboxId);
  const [row] = await db()<OutboxRow[]>`
    update public.email_outbox set attempts = attempts + 1, last_attempt_at = now()
    where id = ${id} and status <> 'sent'
    returning id, kind, recipient, data, status`;
  if (!row) return;
  try {
    const kind = z.enum(Object.keys(OUTBOX_EMAILS) as [OutboxEmailKind, ...OutboxEmailKind[]]).parse(row.kind);
    const definition = OUTBOX_EMAILS[kind];
    const message = await definition.render(row.recipient, definition.schema.parse(row.data) as never, row.id);
    await sendEmail({ ...message, to: row.recipient, messageId: `<${row.id}@outbox.${site.domain}>` });
  } catch (error) {
    const refused = isPermanentRefusal(error);
    await db()`
      update public.email_outbox
      set last_error = ${describe(error)}, status = ${refused || attempt.isLastAttempt ? "failed" : "queued"}
      where id = ${id} and status <> 'sent'`;
    if (!refused) throw error;
    // The job is done: a retry would be refused again. The row shows on the Health page (and an
    // order's email on its page), where an operator can send it again once the address is right.
    log.warn("Email refused for good by the mail server", { outboxId: id, kind: row.kind, error: describe(error) });
    return;
  }
  await recordSent(id);
}

const RECORD_SENT_DELAYS_MS = [100, 400, 1_000, 2_000];

/**
 * The email has gone out: a connection the database dropped at this moment must not leave the row
 * queued, or the retry would send it a second time. postgres.js opens a fresh connection for the
 * next query, so a few quick retries ride out a failover or a terminated backend.
 */
async function recordSent(id: string): Promise<void> {
  for (let retry = 0; ; retry += 1) {
    try {
      await db()`update public.email_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${id}`;
      return;
    } catch (error) {
      const delay = RECORD_SENT_DELAYS_MS[retry];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
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
