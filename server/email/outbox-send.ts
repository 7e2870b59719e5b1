import "server-only";
import { z } from "zod";
import { site } from "@/lib/site";
import { db } from "../db/client";
import type { JobAttempt } from "../jobs/job-queues";
import { log } from "../log";
import { OUTBOX_EMAIL_RENDERERS } from "./outbox-emails";
import { OUTBOX_EMAIL_KINDS, OUTBOX_EMAIL_SCHEMAS, type OutboxEmailKind, type OutboxEmailParsed } from "./outbox-kinds";
import { isPermanentRefusal, sendEmail } from "./send-email";

type OutboxRow = { id: string; kind: string; recipient: string; data: unknown; status: "queued" | "sent" | "failed" };

const MAX_ERROR_LENGTH = 2000;
// Built once: a schema made per email costs more than parsing with it.
const OUTBOX_ID = z.uuid();
const OUTBOX_KIND = z.enum(OUTBOX_EMAIL_KINDS);

function describe(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/** A kind's email from its row's data, validated again as it is read back. */
function render<K extends OutboxEmailKind>(kind: K, to: string, data: unknown, outboxId: string) {
  const parsed = OUTBOX_EMAIL_SCHEMAS[kind].parse(data) as OutboxEmailParsed<K>;
  return OUTBOX_EMAIL_RENDERERS[kind](to, parsed, outboxId);
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
  const id = OUTBOX_ID.parse(outboxId);
  const [row] = await db()<OutboxRow[]>`
    update public.email_outbox set attempts = attempts + 1, last_attempt_at = now()
    where id = ${id} and status <> 'sent'
    returning id, kind, recipient, data, status`;
  if (!row) return;
  try {
    const kind = OUTBOX_KIND.parse(row.kind);
    const message = await render(kind, row.recipient, row.data, row.id);
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
