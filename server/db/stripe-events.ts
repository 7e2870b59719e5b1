import "server-only";
import { db } from "./client";

// D4: an event id is stored once; only the delivery that stored it processes it.

/** True when this delivery is the first for the event id and should process it. */
export async function claimStripeEvent(id: string, type: string): Promise<boolean> {
  const rows = await db()`
    insert into public.stripe_events (id, type) values (${id}, ${type})
    on conflict (id) do nothing
    returning id`;
  return rows.length === 1;
}

export async function markStripeEventProcessed(id: string): Promise<void> {
  await db()`update public.stripe_events set processed_at = now() where id = ${id}`;
}

/** Forgets a claim whose processing failed, so Stripe's retry of the same event runs it again. */
export async function forgetStripeEvent(id: string): Promise<void> {
  await db()`delete from public.stripe_events where id = ${id} and processed_at is null`;
}
