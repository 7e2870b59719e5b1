import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";

/**
 * Records the order's live set-up token (its hash) once; recording it again changes nothing. The
 * generation is read under a share lock on the order, so an operator's resend (which takes the
 * order's row lock) is either wholly before this or wholly after it: a revoked generation is never
 * recorded afresh. Returns the generation recorded.
 */
export async function ensureAccountSetupToken(token: {
  orderId: string;
  email: string;
  hashOf: (generation: number) => string;
  expiresAt: Date;
}): Promise<number> {
  return db().begin(async (tx) => {
    const [order] = await tx<{ generation: number }[]>`
      select account_setup_generation as generation from public.orders where id = ${token.orderId} for share`;
    if (!order) throw new Error(`Order ${token.orderId} does not exist`);
    await tx`
      insert into public.account_setup_tokens (token_hash, email, order_id, expires_at)
      values (${token.hashOf(order.generation)}, ${token.email}, ${token.orderId}, ${token.expiresAt})
      on conflict do nothing`;
    return order.generation;
  });
}

/**
 * An operator's resend (D17), in the caller's transaction under the order's row lock: the
 * order moves to its next set-up generation and its earlier links stop working. The new link's
 * token is recorded when its email is rendered. Returns the new generation.
 */
export async function rotateAccountSetupLink(tx: TransactionSql, orderId: string): Promise<number> {
  await tx`update public.account_setup_tokens set revoked_at = now() where order_id = ${orderId} and revoked_at is null`;
  const [row] = await tx<{ generation: number }[]>`
    update public.orders set account_setup_generation = account_setup_generation + 1 where id = ${orderId}
    returning account_setup_generation as generation`;
  return row!.generation;
}

/** Whether the order's live set-up link was used (an account was set up with it). */
export async function accountSetupLinkUsed(tx: TransactionSql, orderId: string): Promise<boolean> {
  const rows = await tx`select 1 from public.account_setup_tokens where order_id = ${orderId} and used_at is not null`;
  return rows.length > 0;
}

export type AccountSetupToken = { id: string; email: string; orderId: string; createdAt: Date; expiresAt: Date; usedAt: Date | null };

/** A link's token that still counts (a revoked one, replaced by an operator's resend, does not). */
export async function findAccountSetupToken(hash: string): Promise<AccountSetupToken | null> {
  const [row] = await db()<{ id: string; email: string; order_id: string; created_at: Date; expires_at: Date; used_at: Date | null }[]>`
    select id, email, order_id, created_at, expires_at, used_at from public.account_setup_tokens
    where token_hash = ${hash} and revoked_at is null`;
  return row
    ? { id: row.id, email: row.email, orderId: row.order_id, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at }
    : null;
}

/**
 * Uses a set-up link once and gives the account the purchases made with its address (the link
 * proves the address), in one transaction. Null when the link is unknown, used, expired, revoked
 * or for another address.
 */
export async function redeemAccountSetupToken(hash: string, email: string, userId: string): Promise<{ orderId: string } | null> {
  return db().begin(async (tx) => {
    const [token] = await tx<{ order_id: string }[]>`
      update public.account_setup_tokens set used_at = now()
      where token_hash = ${hash} and email = ${email} and used_at is null and revoked_at is null and expires_at > now()
      returning order_id`;
    if (!token) return null;
    await tx`select public.claim_paid_orders(${userId}, ${email})`;
    return { orderId: token.order_id };
  });
}
