import "server-only";
import type { TransactionSql } from "postgres";
import type {
  AffiliateListRow,
  AffiliatePayout,
  AffiliateSort,
  OperatorAffiliate,
  OperatorLedgerEntry,
  PayoutHold,
} from "@/lib/operator/affiliates";
import { db } from "../client";
import { keysetAfter, keysetId, keysetOrder, keysetTime, keysetTimeText } from "../keyset";
import { figuresColumns, toFigures, type FiguresRow } from "../referrals/referrals-figures";
import { entryState, toLedgerEntry, type LedgerRow as StatsLedgerRow } from "../referrals/referrals-stats";

// D17, Affiliates: the operator's reads and writes of affiliates, their ledger and payout holds.
// Every list is read a page at a time through an index (keyset), whatever the number of affiliates,
// visits or entries: the figures come from the counters in public.affiliate_figures.

/** A row of the list with its sort key (for the next page's cursor). */
export type AffiliateListRecord = {
  row: AffiliateListRow;
  /** The sort column's value: a time to the microsecond (joined) or a count or amount. */
  sortKey: string | number;
};

export type AffiliateListRead = {
  sort: AffiliateSort;
  dir: "asc" | "desc";
  /** The lower-cased start of an email address or affiliate code, or "" for everyone. */
  prefix: string;
  after: { value: string | number; id: string } | null;
  limit: number;
};

type ListRow = FiguresRow & {
  user_id: string;
  email: string | null;
  code: string;
  created_at: Date;
  joined_key: string;
  held: boolean;
  unpaid_cents: string;
};

// Above every other character in byte order: "abc" to "abc\u{10FFFF}" holds every text starting "abc".
const LAST_CHARACTER = "\u{10FFFF}";

/** One page of affiliates in the chosen order, from the row after `after`; each order has its index. */
export async function listAffiliateRows(read: AffiliateListRead): Promise<AffiliateListRecord[]> {
  const sql = db();
  const [column, tieBreak] =
    read.sort === "joined"
      ? [sql`a.created_at`, sql`a.user_id`]
      : read.sort === "conversions"
        ? [sql`f.conversions`, sql`f.affiliate_user_id`]
        : [sql`f.unpaid_cents`, sql`f.affiliate_user_id`];
  const after = read.after;
  const keyValue =
    after === null ? null : read.sort === "joined" ? keysetTime(sql, String(after.value)) : sql`${Number(after.value)}::bigint`;
  const keyset =
    after && keyValue
      ? sql`and ${keysetAfter(sql, read.dir, [
          [column, keyValue],
          [tieBreak, keysetId(sql, after.id)],
        ])}`
      : sql``;
  // An email's or a code's start, each through its own pattern index (text_pattern_ops).
  const search = read.prefix
    ? sql`and a.user_id in (
        select s.id from public.users s where s.email ~>=~ ${read.prefix} and s.email ~<~ ${read.prefix + LAST_CHARACTER}
        union all
        select c.user_id from public.affiliates c where c.code ~>=~ ${read.prefix} and c.code ~<~ ${read.prefix + LAST_CHARACTER})`
    : sql``;
  const rows = await sql<ListRow[]>`
    select a.user_id, u.email, a.code, a.created_at, ${keysetTimeText(sql, sql`a.created_at`)} as joined_key,
      a.payouts_held_at is not null as held, f.unpaid_cents::text as unpaid_cents, ${figuresColumns(sql)}
    from public.affiliate_figures f
      join public.affiliates a on a.user_id = f.affiliate_user_id
      left join public.users u on u.id = a.user_id
    where true ${search} ${keyset}
    order by ${keysetOrder(sql, read.dir, [column, tieBreak])}
    limit ${read.limit}`;
  return rows.map((row) => ({
    row: { userId: row.user_id, email: row.email, code: row.code, joinedAt: row.created_at, figures: toFigures(row), held: row.held },
    sortKey: read.sort === "joined" ? row.joined_key : read.sort === "conversions" ? row.conversions : Number(row.unpaid_cents),
  }));
}

type AffiliateRow = FiguresRow & {
  user_id: string;
  email: string | null;
  code: string;
  coupon_code: string;
  created_at: Date;
  payouts_held_at: Date | null;
  payouts_held_reason: string | null;
  payouts_held_by: string | null;
};

const toHold = (row: Pick<AffiliateRow, "payouts_held_at" | "payouts_held_reason" | "payouts_held_by">): PayoutHold | null =>
  row.payouts_held_at ? { reason: row.payouts_held_reason ?? "", heldAt: row.payouts_held_at, heldBy: row.payouts_held_by ?? "" } : null;

/** One affiliate with their figures and hold, or null. */
export async function getOperatorAffiliateRow(affiliateUserId: string): Promise<OperatorAffiliate | null> {
  const sql = db();
  const [row] = await sql<AffiliateRow[]>`
    select a.user_id, u.email, a.code, a.coupon_code, a.created_at, a.payouts_held_at, a.payouts_held_reason, a.payouts_held_by, ${figuresColumns(sql)}
    from public.affiliates a
      join public.affiliate_figures f on f.affiliate_user_id = a.user_id
      left join public.users u on u.id = a.user_id
    where a.user_id = ${affiliateUserId}`;
  if (!row) return null;
  return {
    userId: row.user_id,
    email: row.email,
    code: row.code,
    couponCode: row.coupon_code,
    joinedAt: row.created_at,
    figures: toFigures(row),
    hold: toHold(row),
  };
}

/**
 * The affiliate's row, locked until the transaction ends: a hold, a release and a payout of the
 * same affiliate take turns, and the payout run (which reads it under a share lock) waits too.
 */
export async function lockAffiliate(tx: TransactionSql, affiliateUserId: string): Promise<{ hold: PayoutHold | null } | null> {
  const [row] = await tx<Pick<AffiliateRow, "payouts_held_at" | "payouts_held_reason" | "payouts_held_by">[]>`
    select payouts_held_at, payouts_held_reason, payouts_held_by from public.affiliates where user_id = ${affiliateUserId} for update`;
  return row ? { hold: toHold(row) } : null;
}

/** Places (or re-words) a hold, naming the operator by their account and email now. */
export async function setPayoutHold(
  tx: TransactionSql,
  affiliateUserId: string,
  reason: string,
  operatorId: string,
): Promise<PayoutHold | null> {
  const [row] = await tx<Pick<AffiliateRow, "payouts_held_at" | "payouts_held_reason" | "payouts_held_by">[]>`
    update public.affiliates a
    set payouts_held_at = now(), payouts_held_reason = ${reason}, payouts_held_by_id = u.id, payouts_held_by = u.email
    from public.users u
    where a.user_id = ${affiliateUserId} and u.id = ${operatorId}
    returning a.payouts_held_at, a.payouts_held_reason, a.payouts_held_by`;
  return row ? toHold(row) : null;
}

export async function clearPayoutHold(tx: TransactionSql, affiliateUserId: string): Promise<void> {
  await tx`
    update public.affiliates
    set payouts_held_at = null, payouts_held_reason = null, payouts_held_by_id = null, payouts_held_by = null
    where user_id = ${affiliateUserId}`;
}

type LedgerRow = StatsLedgerRow & { created_key: string; order_id: string; payout_id: string | null };

/** A page of the affiliate's ledger, newest first, after the entry `after` names (its time to the microsecond and id). */
export async function listLedgerEntries(
  affiliateUserId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<{ entry: OperatorLedgerEntry; cursorAt: string }[]> {
  const sql = db();
  const rows = await sql<LedgerRow[]>`
    select e.id, e.created_at, ${keysetTimeText(sql, sql`e.created_at`)} as created_key, e.reason, e.amount_cents,
      e.currency, ${entryState()} as state, e.available_at, o.email, o.plan_name, e.order_id, pi.payout_id
    from public.commission_entries e
      join public.orders o on o.id = e.order_id
      left join public.commission_payout_items pi on pi.entry_id = e.id
    where e.affiliate_user_id = ${affiliateUserId}
      ${
        after
          ? sql`and ${keysetAfter(sql, "desc", [
              [sql`e.created_at`, keysetTime(sql, after.at)],
              [sql`e.id`, keysetId(sql, after.id)],
            ])}`
          : sql``
      }
    order by ${keysetOrder(sql, "desc", [sql`e.created_at`, sql`e.id`])}
    limit ${limit}`;
  return rows.map((row) => ({
    entry: { ...toLedgerEntry(row), orderId: row.order_id, payoutId: row.payout_id },
    cursorAt: row.created_key,
  }));
}

/** The affiliate's newest payouts, with how many entries each settled. */
export async function listPayouts(affiliateUserId: string, limit: number): Promise<AffiliatePayout[]> {
  const rows = await db()<
    {
      id: string;
      created_at: Date;
      amount_cents: number;
      currency: string;
      reference: string | null;
      paid_by: string | null;
      entries: number;
    }[]
  >`
    select p.id, p.created_at, p.amount_cents, p.currency, p.reference, p.paid_by,
      (select count(*)::int from public.commission_payout_items i where i.payout_id = p.id) as entries
    from public.commission_payouts p
    where p.affiliate_user_id = ${affiliateUserId}
    order by p.created_at desc, p.id desc
    limit ${limit}`;
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    amountCents: row.amount_cents,
    currency: row.currency,
    entries: row.entries,
    reference: row.reference,
    paidBy: row.paid_by,
  }));
}
