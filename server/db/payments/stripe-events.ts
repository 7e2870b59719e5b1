import "server-only";
import type { TransactionSql } from "postgres";
import type Stripe from "stripe";
import { db } from "../client";

// D4 + D16: a verified event is stored whole (once per id), in the transaction that queues the job
// processing it (server/payments/stripe-webhook.ts); processed_at is set only when its work is done.

/** Stores a verified event in the caller's transaction; false when the event id was stored before. */
export async function insertStripeEvent(tx: TransactionSql, event: Stripe.Event): Promise<boolean> {
  const rows = await tx`
    insert into public.stripe_events (id, type, payload) values (${event.id}, ${event.type}, ${tx.json(event as never)})
    on conflict (id) do nothing
    returning id`;
  return rows.length > 0;
}

export type StoredStripeEvent = { id: string; type: string; payload: unknown; processedAt: Date | null };

/** A stored event, counting this attempt to process it. */
export async function startStripeEventAttempt(id: string): Promise<StoredStripeEvent | null> {
  const [row] = await db()<{ id: string; type: string; payload: unknown; processed_at: Date | null }[]>`
    update public.stripe_events set attempts = attempts + 1 where id = ${id}
    returning id, type, payload, processed_at`;
  return row ? { id: row.id, type: row.type, payload: row.payload, processedAt: row.processed_at } : null;
}

export async function markStripeEventProcessed(id: string): Promise<void> {
  await db()`update public.stripe_events set processed_at = now(), last_error = null where id = ${id}`;
}

export async function recordStripeEventFailure(id: string, error: string): Promise<void> {
  await db()`update public.stripe_events set last_error = ${error.slice(0, 2000)} where id = ${id}`;
}
