import "server-only";
import type { PendingQuery, Row } from "postgres";
import type { AffiliateFigures } from "@/lib/referrals/affiliate-figures";
import { db, type Executor } from "../client";

export type FiguresRow = {
  visitors: number;
  leads: number;
  conversions: number;
  earned_cents: string;
  paid_cents: string;
  pending_cents: string;
};

export const NO_FIGURES: AffiliateFigures = {
  visitors: 0,
  leads: 0,
  conversions: 0,
  earnedCents: 0,
  pendingCents: 0,
  dueCents: 0,
  paidCents: 0,
};

/**
 * The figures' columns for `f`, a row of public.affiliate_figures. The counters are kept by the
 * database in the transaction of each visit, lead, conversion, ledger entry and payout (migration
 * 20261127800200): visits and leads not flagged past a daily ceiling, referred orders
 * that are paid, every commission and reversal, and what payouts settled. What is still pending
 * (its refund window not over, D14) is read from the ledger: only the last 30 days' entries; what
 * is due is the rest of what is unpaid.
 */
export function figuresColumns(sql: Executor): PendingQuery<Row[]> {
  return sql`
    f.visitors, f.leads, f.conversions, f.earned_cents::text as earned_cents, f.paid_cents::text as paid_cents,
    (select coalesce(sum(p.amount_cents), 0)::bigint::text from public.commission_entries p
      where p.affiliate_user_id = f.affiliate_user_id and p.available_at > now() and p.kind <> 'no_commission'
        and not exists (select 1 from public.commission_payout_items pi where pi.entry_id = p.id)) as pending_cents`;
}

export function toFigures(row: FiguresRow): AffiliateFigures {
  const earnedCents = Number(row.earned_cents);
  const paidCents = Number(row.paid_cents);
  const pendingCents = Number(row.pending_cents);
  return {
    visitors: row.visitors,
    leads: row.leads,
    conversions: row.conversions,
    earnedCents,
    pendingCents,
    dueCents: earnedCents - paidCents - pendingCents,
    paidCents,
  };
}

/** The affiliate's figures now (all zero for a member who never had an affiliate code). */
export async function affiliateFigures(affiliateUserId: string, sql: Executor = db()): Promise<AffiliateFigures> {
  const [row] = await sql<FiguresRow[]>`
    select ${figuresColumns(sql)} from public.affiliate_figures f where f.affiliate_user_id = ${affiliateUserId}`;
  return row ? toFigures(row) : NO_FIGURES;
}
