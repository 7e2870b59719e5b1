import "server-only";
import type { CommissionReason, EntryState, LedgerEntry } from "@/lib/referrals/commission";
import type { DailyCount, FunnelMetric } from "@/lib/referrals/funnel-series";
import type { PendingQuery } from "postgres";
import { db, type Executor } from "../client";

export type { LedgerEntry };

// D14: an entry's state is derived, never stored: paid once a payout settled it, else due once
// its refund window is over, else pending. A note that an invoice earned nothing is 'none'.
export const entryState = () =>
  db()`case when e.kind = 'no_commission' then 'none' when pi.entry_id is not null then 'paid' when e.available_at <= now() then 'due' else 'pending' end`;

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

/**
 * Per-UTC-day visits, leads and conversions (by payment day) of an affiliate from the UTC day
 * `since` falls on (the chart's ranges start at midnight UTC). Read from the per-day counters the
 * database keeps (supabase/migrations/20261127800600_referral_funnel_days.sql): at most a row a day,
 * however many visits the affiliate had.
 */
export function dailyFunnelCountsQuery(sql: Executor, affiliateUserId: string, since: Date): PendingQuery<FunnelCountRow[]> {
  return sql<FunnelCountRow[]>`
    select to_char(f.day, 'YYYY-MM-DD') as day, m.metric, m.count
    from public.referral_funnel_days f
    cross join lateral (values ('visitors', f.visitors), ('leads', f.leads), ('conversions', f.conversions)) m (metric, count)
    where f.affiliate_user_id = ${affiliateUserId} and f.day >= (${since}::timestamptz at time zone 'UTC')::date and m.count > 0`;
}

type FunnelCountRow = { day: string; metric: FunnelMetric; count: number };

export async function dailyFunnelCounts(affiliateUserId: string, since: Date): Promise<DailyCount[]> {
  const rows = await dailyFunnelCountsQuery(db(), affiliateUserId, since);
  return rows.map((row) => ({ date: row.day, metric: row.metric, count: row.count }));
}
