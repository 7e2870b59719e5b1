import type { Sql } from "postgres";
import { accountCount, type ScalePlan } from "./scale-seed-plan";

// The scale seed's affiliate programme: affiliates, the visits and sign-ups their links brought
// (Zipf-like: affiliate i draws floor(A·u³), so the first few get most of it) and the commission
// ledger of their referred orders, with payouts. The database's statement triggers keep
// affiliate_figures as these are written, as for the product's own writes.

const CODE_SPACE = 31n ** 8n;
/** A step through the code space coprime with 31^8: consecutive affiliates get unrelated codes. */
const CODE_STEP = 104_395_301n;

/** The first `affiliates` members have a code (and a coupon, the code in capitals). */
export async function seedAffiliates(sql: Sql, plan: ScalePlan): Promise<number> {
  await sql`
    create temp table seed_affiliates as
    select a.n - 1 as idx, a.id as user_id,
      pg_temp.code((${plan.codeBase.toString()}::bigint + a.n * ${CODE_STEP.toString()}::bigint) % ${CODE_SPACE.toString()}::bigint) as code,
      a.created_at + interval '2 days' as created_at
    from seed_accounts a where a.n <= ${plan.affiliates}`;
  await sql`alter table seed_affiliates add primary key (idx)`;
  const rows = await sql`
    insert into public.affiliates (user_id, code, coupon_code, created_at)
    select user_id, code, upper(code), least(created_at, now()) from seed_affiliates order by idx`;
  return rows.count;
}

/** Each referred account's sign-up, touched up to 3 days before; 0.5% flagged past the daily ceiling. */
export async function seedLeads(sql: Sql, plan: ScalePlan): Promise<number> {
  const rows = await sql`
    insert into public.referral_leads (referred_user_id, affiliate_user_id, touched_at, created_at, flagged_reason)
    select a.id, af.user_id, a.created_at - pg_temp.u(a.n, 8) * interval '3 days', a.created_at,
      case when pg_temp.u(a.n, 9) < 0.005 then 'affiliate_daily_ceiling' end
    from seed_accounts a
      join seed_affiliates af on af.idx = floor(${plan.affiliates} * pg_temp.u(a.n, 6) ^ 3)::int
    where a.n > ${plan.members - plan.referredMembers} and a.n <= ${accountCount(plan)}`;
  return rows.count;
}

/**
 * Visits through the affiliates' links over the history, one per visitor; 1% flagged past a ceiling.
 * Written in the order they came (so a busy affiliate's visits lie across the table, as they would),
 * with visitor ids rising in that order (this run's prefix, then the row's rank): random ids made
 * every index insert a random page, five times slower.
 */
export async function seedVisits(sql: Sql, plan: ScalePlan): Promise<number> {
  const prefix = `${plan.run}-0000-4000-8000-`;
  const rows = await sql`
    insert into public.referral_visits (affiliate_user_id, visitor_id, first_seen_at, client_key, flagged_reason)
    select user_id, (${prefix} || lpad(to_hex(row_number() over (order by at)), 12, '0'))::uuid, at,
      md5(${plan.run} || (v % 50000)),
      case when pg_temp.u(v, 12) < 0.01 then (array['address_daily_ceiling', 'affiliate_daily_ceiling'])[1 + v % 2] end
    from (
      select v, af.user_id, now() - pg_temp.u(v, 11) * ${plan.days} * interval '1 day' as at
      from generate_series(1, ${plan.visits}::int) v
        join seed_affiliates af on af.idx = floor(${plan.affiliates} * pg_temp.u(v, 10) ^ 3)::int
    ) drawn
    order by at`;
  return rows.count;
}

/**
 * The ledger: a first-payment commission (20% of what was paid before tax) for each referred order
 * that was paid, a renewal for those paid over 35 days ago and still active, and a reversal for
 * each refunded or lost one. Half the affiliates were paid out what fell due over a week ago.
 */
export async function seedLedger(sql: Sql, plan: ScalePlan): Promise<number> {
  await sql`
    create temp table seed_entries as
    select gen_random_uuid() as id, af.user_id as affiliate_user_id, af.idx as affiliate_idx, o.id as order_id, o.status,
      e.reason, round((o.subtotal - o.discount) * 0.2)::int as amount, o.subtotal - o.discount as base,
      'in_' || o.ref || e.suffix as invoice,
      o.paid_at + e.after as created_at
    from seed_orders o join seed_affiliates af on af.idx = o.affiliate_idx
      cross join lateral (values ('first_payment', '', interval '0 days'), ('renewal', 'r', interval '30 days')) e(reason, suffix, after)
    where o.paid_at is not null
      and (e.reason = 'first_payment' or (o.status = 'paid' and o.paid_at < now() - interval '35 days'))`;
  const commissions = await sql`
    insert into public.commission_entries (id, affiliate_user_id, order_id, kind, reason, amount_cents, base_cents, currency,
      stripe_invoice_id, available_at, created_at)
    select id, affiliate_user_id, order_id, 'commission', reason, amount, base, 'usd', invoice, created_at + interval '30 days', created_at
    from seed_entries`;
  const reversals = await sql`
    insert into public.commission_entries (affiliate_user_id, order_id, kind, reason, amount_cents, currency, reverses_entry_id,
      stripe_reference, available_at, created_at)
    select affiliate_user_id, order_id, 'reversal', case when status = 'refunded' then 'refund' else 'dispute_lost' end, -amount, 'usd', id,
      case when status = 'refunded' then 're_seed' else 'dp_seed' end || ${plan.run} || substr(md5(id::text), 1, 12),
      created_at + interval '30 days', created_at + interval '10 days'
    from seed_entries where status in ('refunded', 'charged_back') and reason = 'first_payment'`;
  await sql`
    create temp table seed_payouts as
    select gen_random_uuid() as id, affiliate_user_id, sum(amount)::int as amount, max(created_at) + interval '38 days' as paid_at
    from seed_entries
    where affiliate_idx % 2 = 0 and status = 'paid' and created_at + interval '30 days' < now() - interval '7 days'
    group by affiliate_user_id`;
  await sql`
    insert into public.commission_payouts (id, affiliate_user_id, amount_cents, currency, reference, paid_by, created_at)
    select id, affiliate_user_id, amount, 'usd', 'SEED-' || ${plan.run}, 'scale seed', least(paid_at, now()) from seed_payouts`;
  const items = await sql`
    insert into public.commission_payout_items (entry_id, payout_id)
    select e.id, p.id from seed_entries e join seed_payouts p on p.affiliate_user_id = e.affiliate_user_id
    where e.affiliate_idx % 2 = 0 and e.status = 'paid' and e.created_at + interval '30 days' < now() - interval '7 days'`;
  return commissions.count + reversals.count + items.count;
}
