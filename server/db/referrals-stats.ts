import "server-only";
import type { CommissionReason, EntryState, LedgerEntry } from "@/lib/referral/commission";
import type { DailyCount, FunnelMetric } from "@/lib/referral/funnel-series";
import { db } from "./client";

export type { LedgerEntry };

// D14: an entry's state is derived, never stored: paid once a payout settled it, else due once
// its refund window is over, else pending. A note that an invoice earned nothing is 'none'.
export const entryState = () => db()`case when e.kind = 'no_commission' then 'none' when pi.entry_id is not null then 'paid' when e.available_at <= now() then 'due' else 'pending' end`;

/** The newest ledger entries, with the referred buyer's address (to be masked) and plan. */
export async function ledgerEntries(affiliateUserId: string, limit: number): Promise<LedgerEntry[]> {
  const rows = await db()<LedgerRow[]>`
    select e.id, e.created_at, e.reason, e.amount_cents, e.currency, ${entryState()} as state, e.available_at, o.email, o.plan_name
    from public.commission_entries e
    join public.orders o on o.id = e.order_id
    left join public.commission_payout_items pi on pi.entry_id = e.id
    where e.affiliate_user_id = ${affiliateUserId}
    order by e.created_at desc, e.kind desc, e.id
    limit ${limit}`;
  return rows.map(toLedgerEntry);
}

/** A ledger row as read with `entryState()`, the order's email and plan. */
export type LedgerRow = {
  id: string;
  created_at: Date;
  reason: CommissionReason;
  amount_cents: number;
  currency: string;
  state: EntryState;
  available_at: Date;
  email: string | null;
  plan_name: string;
};

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    reason: row.reason,
    amountCents: row.amount_cents,
    currency: row.currency,
    state: row.state,
    availableAt: row.available_at,
    buyerEmail: row.email,
    planName: row.plan_name,
  };
}

/** Per-UTC-day visits, leads and conversions (by payment day) of an affiliate since `since`. */
export async function dailyFunnelCounts(affiliateUserId: string, since: Date): Promise<DailyCount[]> {
  const rows = await db()<{ day: string; metric: FunnelMetric; count: number }[]>`
    select to_char(v.first_seen_at at time zone 'UTC', 'YYYY-MM-DD') as day, 'visitors' as metric, count(*)::int as count
    from public.referral_visits v where v.affiliate_user_id = ${affiliateUserId} and v.flagged_reason is null and v.first_seen_at >= ${since}
    group by 1
    union all
    select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD'), 'leads', count(*)::int
    from public.referral_leads l where l.affiliate_user_id = ${affiliateUserId} and l.flagged_reason is null and l.created_at >= ${since}
    group by 1
    union all
    select to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD'), 'conversions', count(*)::int
    from public.orders o where o.affiliate_user_id = ${affiliateUserId} and o.status = 'paid' and o.paid_at >= ${since}
    group by 1`;
  return rows.map((row) => ({ date: row.day, metric: row.metric, count: row.count }));
}
