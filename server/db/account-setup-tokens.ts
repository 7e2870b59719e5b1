import "server-only";
import { db } from "./client";

/** Records an order's set-up token (its hash) once; recording the same token again changes nothing. */
export async function ensureAccountSetupToken(token: { hash: string; email: string; orderId: string; expiresAt: Date }): Promise<void> {
  await db()`
    insert into public.account_setup_tokens (token_hash, email, order_id, expires_at)
    values (${token.hash}, ${token.email}, ${token.orderId}, ${token.expiresAt})
    on conflict (token_hash) do nothing`;
}

export type AccountSetupToken = { id: string; email: string; orderId: string; createdAt: Date; expiresAt: Date; usedAt: Date | null };

export async function findAccountSetupToken(hash: string): Promise<AccountSetupToken | null> {
  const [row] = await db()<{ id: string; email: string; order_id: string; created_at: Date; expires_at: Date; used_at: Date | null }[]>`
    select id, email, order_id, created_at, expires_at, used_at from public.account_setup_tokens where token_hash = ${hash}`;
  return row
    ? { id: row.id, email: row.email, orderId: row.order_id, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at }
    : null;
}

/**
 * Uses a set-up link once and gives the account the purchases made with its address (the link
 * proves the address), in one transaction. Null when the link is unknown, used, expired or for
 * another address.
 */
export async function redeemAccountSetupToken(hash: string, email: string, userId: string): Promise<{ orderId: string } | null> {
  return db().begin(async (tx) => {
    const [token] = await tx<{ order_id: string }[]>`
      update public.account_setup_tokens set used_at = now()
      where token_hash = ${hash} and email = ${email} and used_at is null and expires_at > now()
      returning order_id`;
    if (!token) return null;
    await tx`select public.claim_paid_orders(${userId}, ${email})`;
    return { orderId: token.order_id };
  });
}
