import "server-only";
import type { TransactionSql } from "postgres";

/** A due, unpaid ledger entry with the affiliate it belongs to. */
export type DueEntry = { id: string; affiliateUserId: string; email: string | null; code: string; amountCents: number; currency: string };

/**
 * Every entry that is due and not yet paid, locked so two payout runs cannot settle the same
 * entries (the payout items' primary key refuses a second payment of an entry in any case).
 */
export async function lockDueEntries(tx: TransactionSql): Promise<DueEntry[]> {
  const rows = await tx<{ id: string; affiliate_user_id: string; email: string | null; code: string; amount_cents: number; currency: string }[]>`
    select e.id, e.affiliate_user_id, u.email, a.code, e.amount_cents, e.currency
    from public.commission_entries e
    join public.affiliates a on a.user_id = e.affiliate_user_id
    left join auth.users u on u.id = e.affiliate_user_id
    where e.available_at <= now() and e.kind <> 'no_commission'
      and not exists (select 1 from public.commission_payout_items pi where pi.entry_id = e.id)
    order by e.affiliate_user_id, e.created_at, e.id
    for update of e`;
  return rows.map((row) => ({
    id: row.id,
    affiliateUserId: row.affiliate_user_id,
    email: row.email,
    code: row.code,
    amountCents: row.amount_cents,
    currency: row.currency,
  }));
}

/** Records a payout and the entries it settles. */
export async function insertPayout(
  tx: TransactionSql,
  payout: { affiliateUserId: string; amountCents: number; currency: string; entryIds: string[] },
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.commission_payouts (affiliate_user_id, amount_cents, currency)
    values (${payout.affiliateUserId}, ${payout.amountCents}, ${payout.currency})
    returning id`;
  const payoutId = row!.id;
  await tx`
    insert into public.commission_payout_items (entry_id, payout_id)
    select entry_id, ${payoutId} from unnest(${payout.entryIds}::uuid[]) as entry_id`;
  return payoutId;
}
