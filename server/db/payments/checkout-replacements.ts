import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";
import type { OrderStatus } from "./orders";

// A buyer who opens a new checkout replaces their open one; only that buyer may.

export type CheckoutOwner = { orderId: string; status: OrderStatus; userId: string | null; sessionSecretHash: string | null };

/** Who may replace the checkout a session id names: its order's member and the hash of its browser's secret. */
export async function findCheckoutOwner(sessionId: string): Promise<CheckoutOwner | null> {
  const [row] = await db()<{ id: string; status: OrderStatus; user_id: string | null; session_secret_hash: string | null }[]>`
    select id, status, user_id, session_secret_hash from public.orders where stripe_checkout_session_id = ${sessionId}`;
  return row ? { orderId: row.id, status: row.status, userId: row.user_id, sessionSecretHash: row.session_secret_hash } : null;
}

/** The member's still-open checkouts for a cohort, locked. */
export async function listMemberOpenOrdersForUpdate(tx: TransactionSql, userId: string, cohortId: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select id from public.orders
    where user_id = ${userId} and cohort_id = ${cohortId} and status = 'pending'
    order by created_at
    for update`;
  return rows.map((r) => r.id);
}

/** Closes an open checkout because a newer one of the same buyer replaces it; its session id (if any) is returned. */
export async function markOrderReplaced(tx: TransactionSql, orderId: string): Promise<{ sessionId: string | null } | null> {
  const [row] = await tx<{ stripe_checkout_session_id: string | null }[]>`
    update public.orders set status = 'expired', replaced_at = now()
    where id = ${orderId} and status = 'pending'
    returning stripe_checkout_session_id`;
  return row ? { sessionId: row.stripe_checkout_session_id } : null;
}
