import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";

/** A due, unpaid ledger entry with the affiliate it belongs to. */
export type DueEntry = { id: string; affiliateUserId: string; email: string | null; code: string; amountCents: number; currency: string };

/** Which due entries a payout settles: everyone's (the payout run), one affiliate's, or some of their entries. */
export type DueScope = { affiliateUserId?: string; entryIds?: string[] };

/**
 * The entries that are due and not yet paid, locked so two payouts cannot settle the same entries
 * (the payout items' primary key refuses a second payment of an entry in any case). An affiliate
 * whose payouts are on hold has none: their row is read under a share lock, so a hold placed while
 * this waits is seen, and a hold waits for a payout already reading.
 */
export async function lockDueEntries(tx: TransactionSql, scope: DueScope = {}): Promise<DueEntry[]> {
  const rows = await tx<
    { id: string; affiliate_user_id: string; email: string | null; code: string; amount_cents: number; currency: string }[]
  >`
    select e.id, e.affiliate_user_id, u.email, a.code, e.amount_cents, e.currency
    from public.commission_entries e
    join public.affiliates a on a.user_id = e.affiliate_user_id
    left join auth.users u on u.id = e.affiliate_user_id
    where e.available_at <= now() and e.kind <> 'no_commission'
      and a.payouts_held_at is null
      and not exists (select 1 from public.commission_payout_items pi where pi.entry_id = e.id)
      ${scope.affiliateUserId ? tx`and e.affiliate_user_id = ${scope.affiliateUserId}` : tx``}
      ${scope.entryIds ? tx`and e.id = any(${scope.entryIds}::uuid[])` : tx``}
    order by e.affiliate_user_id, e.created_at, e.id
    for update of e
    for share of a`;
  return rows.map((row) => ({
    id: row.id,
    affiliateUserId: row.affiliate_user_id,
    email: row.email,
    code: row.code,
    amountCents: row.amount_cents,
    currency: row.currency,
  }));
}

/** Who recorded a payout: an operator (their account id and email now), or the payout command. */
export type PayoutRecorder = { operatorId: string } | { commandLine: string };

export type NewPayout = {
  affiliateUserId: string;
  amountCents: number;
  currency: string;
  entryIds: string[];
  /** The payment's own reference (a bank transfer's, say). */
  reference?: string | null;
  /** The operator request this payout answers: a replay of it is refused by the unique key. */
  requestKey?: string | null;
};

/** Records a payout and the entries it settles. */
export async function insertPayout(tx: TransactionSql, payout: NewPayout, by: PayoutRecorder): Promise<string> {
  const reference = payout.reference ?? null;
  const requestKey = payout.requestKey ?? null;
  const [row] =
    "operatorId" in by
      ? await tx<{ id: string }[]>`
          insert into public.commission_payouts (affiliate_user_id, amount_cents, currency, reference, paid_by_id, paid_by, request_key)
          select ${payout.affiliateUserId}, ${payout.amountCents}, ${payout.currency}, ${reference}, u.id, u.email, ${requestKey}
          from public.users u where u.id = ${by.operatorId}
          returning id`
      : await tx<{ id: string }[]>`
          insert into public.commission_payouts (affiliate_user_id, amount_cents, currency, reference, paid_by, request_key)
          values (${payout.affiliateUserId}, ${payout.amountCents}, ${payout.currency}, ${reference}, ${by.commandLine}, ${requestKey})
          returning id`;
  if (!row) throw new Error("The payout's recorder has no account");
  await tx`
    insert into public.commission_payout_items (entry_id, payout_id)
    select entry_id, ${row.id} from unnest(${payout.entryIds}::uuid[]) as entry_id`;
  return row.id;
}

/** Whether an operator request already recorded its payout. */
export async function payoutRequestRecorded(tx: TransactionSql, requestKey: string): Promise<boolean> {
  const rows = await tx`select 1 from public.commission_payouts where request_key = ${requestKey}`;
  return rows.length > 0;
}

/** How many affiliates' payouts are on hold (the payout run leaves them out). */
export async function countHeldAffiliates(): Promise<number> {
  const [row] = await db()<{ count: number }[]>`select count(*)::int as count from public.affiliates where payouts_held_at is not null`;
  return row?.count ?? 0;
}
