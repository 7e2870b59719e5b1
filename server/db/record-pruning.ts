import "server-only";
import type { PendingQuery, Row } from "postgres";
import { db } from "./client";

// D16: records that only matter for a while are deleted by the pruning job
// (server/scheduled/prune-old-records.ts), a bounded batch per statement so no delete holds its
// locks for long. Each rule below says which rows have served their purpose, and why then.

type Retention = { table: string; key: string; expired: () => PendingQuery<Row[]> };

export const RETENTION = {
  /**
   * Processed Stripe events after 90 days: the row only guards against processing an event twice,
   * and Stripe stops retrying an event after 3 days. An unprocessed event is never pruned.
   */
  stripeEvents: { table: "public.stripe_events", key: "id", expired: () => db()`processed_at < now() - interval '90 days'` },
  /**
   * Telegram update ids after 30 days: Telegram redelivers an update for at most 24 hours, and a
   * job answering one gives up within days.
   */
  telegramUpdates: { table: "public.telegram_updates", key: "update_id", expired: () => db()`received_at < now() - interval '30 days'` },
  /** Bot start tokens a day after they were used or expired: neither can link anyone any more. */
  telegramStartTokens: {
    table: "public.telegram_start_tokens",
    key: "token_hash",
    expired: () => db()`used_at < now() - interval '1 day' or expires_at < now() - interval '1 day'`,
  },
  /** QR sign-in scans a day after their code expired: no screen asks about them any more. */
  telegramQrScans: { table: "public.telegram_qr_scans", key: "token_hash", expired: () => db()`expires_at < now() - interval '1 day'` },
  /**
   * Used bot sign-in proofs a day after they expired: an expired proof links nobody, so its record is
   * no longer needed to refuse it a second time.
   */
  telegramLinkProofs: {
    table: "public.telegram_link_proofs",
    key: "proof_hash",
    expired: () => db()`expires_at < now() - interval '1 day'`,
  },
  /** Bot messages outside a reply, 30 days after they were sent (or refused for good). */
  telegramOutgoingMessages: {
    table: "public.telegram_outgoing_messages",
    key: "id",
    expired: () => db()`sent_at < now() - interval '30 days'`,
  },
  /**
   * Account set-up tokens 30 days after they were used or expired. A token is derived from its order
   * (server/accounts/account-setup-link.ts), and issuing it again after its row is gone would record
   * it afresh, unused: so a token is kept while its order's set-up email may still be rendered (an
   * outbox row still queued), and for a month after it stopped working, far past any retry.
   */
  accountSetupTokens: {
    table: "public.account_setup_tokens",
    key: "id",
    expired: () => db()`
      (used_at < now() - interval '30 days' or expires_at < now() - interval '30 days')
      and not exists (
        select 1 from public.email_outbox o
        where o.order_id = account_setup_tokens.order_id and o.kind = 'account-setup' and o.status = 'queued')`,
  },
  /**
   * Campaign confirmations 8 days after they were sent: past the weekly per-address count and the
   * link's 72 hours, so the row serves nothing, and an unconfirmed one holds a stranger's name and
   * address. What a confirmation kept lives on in campaign_pledges or campaign_partners.
   */
  campaignConfirmations: {
    table: "public.address_confirmations",
    key: "id",
    expired: () => db()`created_at < now() - interval '8 days'`,
  },
} satisfies Record<string, Retention>;

/** Deletes at most `limit` rows the rule says have expired; how many it deleted. */
export async function pruneExpired(rule: Retention, limit: number): Promise<number> {
  const sql = db();
  const deleted = await sql`
    delete from ${sql(rule.table)} where ${sql(rule.key)} in (
      select ${sql(rule.key)} from ${sql(rule.table)} where ${rule.expired()} limit ${limit})`;
  return deleted.count;
}
