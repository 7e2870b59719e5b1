import "server-only";
import { db } from "./client";

// Each order's emails go out once, whichever delivery (webhook or success page) gets there first.

/** Claims the right to send an order's emails (once); false when another delivery already did. */
export async function claimOrderEmails(orderId: string): Promise<boolean> {
  const rows = await db()`
    update public.orders set emails_sent_at = now()
    where id = ${orderId} and emails_sent_at is null and status = 'paid' and replaced_at is null
    returning id`;
  return rows.length === 1;
}

/** Claims the right to tell the buyer (once) that a replaced checkout's payment was refunded. */
export async function claimReplacedRefundNotice(orderId: string): Promise<boolean> {
  const rows = await db()`
    update public.orders set emails_sent_at = now()
    where id = ${orderId} and emails_sent_at is null and replaced_at is not null
    returning id`;
  return rows.length === 1;
}

/** Gives the claim back after a failed send, so the next delivery of the event tries again. */
export async function releaseOrderEmails(orderId: string): Promise<void> {
  await db()`update public.orders set emails_sent_at = null where id = ${orderId}`;
}
