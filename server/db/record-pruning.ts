import "server-only";
import { db } from "./client";

// D16: records that only matter for a while are deleted by the pruning job
// (server/maintenance/prune-old-records.ts), a bounded batch per statement so no delete holds its
// locks for long. Each function returns how many rows it deleted.

/**
 * Processed Stripe events after 90 days: the row only guards against processing an event twice,
 * and Stripe stops retrying an event after 3 days. An unprocessed event is never pruned.
 */
export async function pruneProcessedStripeEvents(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.stripe_events where id in (
      select id from public.stripe_events
      where processed_at < now() - interval '90 days'
      limit ${limit})`;
  return deleted.count;
}

/**
 * Telegram update ids after 30 days: Telegram redelivers an update for at most 24 hours, and a
 * job answering one gives up within days.
 */
export async function pruneTelegramUpdates(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.telegram_updates where update_id in (
      select update_id from public.telegram_updates
      where received_at < now() - interval '30 days'
      limit ${limit})`;
  return deleted.count;
}

/** Bot start tokens a day after they were used or expired: neither can link anyone any more. */
export async function pruneTelegramStartTokens(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.telegram_start_tokens where token_hash in (
      select token_hash from public.telegram_start_tokens
      where used_at < now() - interval '1 day' or expires_at < now() - interval '1 day'
      limit ${limit})`;
  return deleted.count;
}

/**
 * Used bot sign-in proofs a day after they expired: an expired proof links nobody, so its record is
 * no longer needed to refuse it a second time (issue 25).
 */
export async function pruneTelegramLinkProofs(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.telegram_link_proofs where proof_hash in (
      select proof_hash from public.telegram_link_proofs where expires_at < now() - interval '1 day' limit ${limit})`;
  return deleted.count;
}

/** Bot messages outside a reply, 30 days after they were sent (or refused for good). */
export async function pruneTelegramOutgoingMessages(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.telegram_outgoing_messages where id in (
      select id from public.telegram_outgoing_messages where sent_at < now() - interval '30 days' limit ${limit})`;
  return deleted.count;
}

/** QR sign-in scans a day after their code expired: no screen asks about them any more. */
export async function pruneTelegramQrScans(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.telegram_qr_scans where token_hash in (
      select token_hash from public.telegram_qr_scans
      where expires_at < now() - interval '1 day'
      limit ${limit})`;
  return deleted.count;
}

/**
 * Account set-up tokens 30 days after they were used or expired. A token is derived from its order
 * (server/accounts/account-setup-link.ts), and issuing it again after its row is gone would record
 * it afresh, unused: so a token is kept while its order's set-up email may still be rendered (an
 * outbox row still queued), and for a month after it stopped working, far past any retry.
 */
export async function pruneAccountSetupTokens(limit: number): Promise<number> {
  const deleted = await db()`
    delete from public.account_setup_tokens where id in (
      select t.id from public.account_setup_tokens t
      where (t.used_at < now() - interval '30 days' or t.expires_at < now() - interval '30 days')
        and not exists (
          select 1 from public.email_outbox o
          where o.order_id = t.order_id and o.kind = 'account-setup' and o.status = 'queued')
      limit ${limit})`;
  return deleted.count;
}
