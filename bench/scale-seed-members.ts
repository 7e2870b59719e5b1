import type { Sql } from "postgres";
import { accountCount, cohortSeatCounts, type ScalePlan } from "./scale-seed-plan";

// The scale seed's people: cohorts, accounts (auth.users with their public.users rows), orders,
// seats and subscriptions, and the members' Telegram links. Each is one set-based statement over
// session temp tables that number the rows (seed_accounts.n, seed_orders.k).

/** 500 cohorts over the last 180 days and the next 60: completed, active and upcoming by their dates. */
export async function seedCohorts(sql: Sql, plan: ScalePlan): Promise<number> {
  const span = 240 / plan.cohorts;
  await sql`
    create temp table seed_cohorts as
    select i as idx, gen_random_uuid() as id,
      date_trunc('day', now()) - interval '180 days' + (i * ${span}::float8) * interval '1 day' as starts
    from generate_series(0, ${plan.cohorts - 1}::int) i`;
  const rows = await sql`
    insert into public.cohorts (id, cohort_name, cohort_description, status, language, start_cohort_date, end_cohort_date,
      end_postcohort_date, participant_cap, created_at)
    select id, 'Scale cohort ' || ${plan.run} || ' #' || (idx + 1), 'A cohort of the scale seed.',
      case when starts + interval '28 days' < now() then 'completed' when starts + interval '14 days' < now() then 'postcohort'
        when starts < now() then 'active' else 'upcoming' end,
      (array['en', 'en', 'en', 'es', 'de', 'fr'])[1 + (idx % 6)],
      starts, starts + interval '14 days', starts + interval '28 days', 10000, starts - interval '30 days'
    from seed_cohorts`;
  return rows.count;
}

/**
 * The accounts: members 1..members (the first `affiliates` are affiliates, the last
 * `referredMembers` came through a referral), then the referred accounts that did not buy. Written as
 * the Auth stand-in writes a confirmed account and its email identity, each with the password
 * `passwordHash`.
 * auth.users' row triggers (public.users, claim_paid_orders) are off for this one statement: their
 * work is done here set-based (public.users below; orders are written already claimed).
 */
export async function seedAccounts(sql: Sql, plan: ScalePlan, passwordHash: string): Promise<number> {
  const total = accountCount(plan);
  await sql`
    create temp table seed_accounts as
    select n, gen_random_uuid() as id, ('scale.' || ${plan.run} || '.' || lpad(n::text, 7, '0') || '@example.com')::text as email,
      now() - (case when n <= ${plan.members} then 180 else ${plan.days} end) * pg_temp.u(n, 1) * interval '1 day' - interval '1 day' as created_at
    from generate_series(1, ${total}::int) n`;
  await sql`alter table seed_accounts add primary key (n)`;
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
        raw_user_meta_data, created_at, updated_at, last_sign_in_at, is_anonymous)
      select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, ${passwordHash}, created_at,
        '{"provider": "email", "providers": ["email"]}', '{}', created_at, created_at, created_at, false
      from seed_accounts`;
  });
  await sql`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false), 'email',
      created_at, created_at, created_at
    from seed_accounts`;
  const rows = await sql`
    insert into public.users (id, email, botsetup_completed, created_at, updated_at)
    select id, lower(email), n % 5 = 0 and n <= ${plan.members}, created_at, created_at from seed_accounts`;
  return rows.count;
}

/**
 * Every member's order, and a second one for one member in five (in another cohort). First orders
 * fill the cohorts Zipf-like (a few hold most seats); 82% paid, 5% refunded, 10% expired, 2% failed,
 * 1% lost to a dispute. 70% went through Stripe checkout (the paid ones with their customer,
 * subscription, invoice, PaymentIntent and charge); referred members' orders name their affiliate.
 */
export async function seedOrders(sql: Sql, plan: ScalePlan): Promise<number> {
  const counts = cohortSeatCounts(plan.members, plan.cohorts);
  const ends = counts.map(
    (
      (sum) => (n: number) =>
        (sum += n)
    )(0),
  );
  await sql`
    create temp table seed_ranges as
    select idx - 1 as idx, coalesce(lag(hi) over (order by idx), 0) + 1 as lo, hi
    from unnest(${ends}::int[]) with ordinality as r(hi, idx)`;
  await sql`
    create temp table seed_orders as
    with placed as (
      select n as k, n as member, r.idx as cohort_idx from seed_ranges r, generate_series(r.lo, r.hi) n
      union all
      select ${plan.members} + j, j * 5 - 4, null from generate_series(1, ${plan.secondOrders}::int) j
    ), drawn as (
      select p.k, p.member,
        coalesce(p.cohort_idx, (f.cohort_idx + 1 + floor(pg_temp.u(p.k, 2) * (${plan.cohorts} - 1)))::int % ${plan.cohorts}) as cohort_idx,
        pg_temp.u(p.k, 3) as s, pg_temp.u(p.k, 4) as p, pg_temp.u(p.k, 5) as t, a.created_at as joined
      from placed p join seed_accounts a on a.n = p.member left join placed f on f.k = p.member and p.cohort_idx is null
    ), shaped as (
      select k, member, cohort_idx,
        case when s < 0.82 then 'paid' when s < 0.87 then 'refunded' when s < 0.97 then 'expired' when s < 0.99 then 'failed'
          else 'charged_back' end as status,
        case when p < 0.3 then 'starter' when p < 0.8 then 'popular' else 'premium' end as plan,
        case when p < 0.3 then 9900 when p < 0.8 then 19900 else 29900 end as price,
        t < 0.7 as stripe,
        least(now() - interval '1 hour', joined + interval '1 hour' + (k > ${plan.members})::int * interval '60 days') as created_at
      from drawn
    )
    select k, member, cohort_idx, status, plan, stripe, created_at, gen_random_uuid() as id,
      'seed' || ${plan.run} || 'o' || lpad(k::text, 7, '0') as ref,
      plan <> 'starter' and k % 2 = 0 as has_cgm,
      price + case when plan <> 'starter' and k % 2 = 0 then 8000 else 0 end as subtotal,
      case when member > ${plan.members - plan.referredMembers} then price / 10 else 0 end as discount,
      case when status in ('paid', 'refunded', 'charged_back') then created_at + interval '5 minutes' end as paid_at,
      case when member > ${plan.members - plan.referredMembers} then l.affiliate_idx end as affiliate_idx
    from shaped left join lateral (
      select floor(${plan.affiliates} * pg_temp.u(member, 6) ^ 3)::int as affiliate_idx
    ) l on true`;
  await sql`alter table seed_orders add primary key (k)`;
  const rows = await sql`
    insert into public.orders (id, stripe_checkout_session_id, email, user_id, plan_type, plan_name, has_cgm, cohort_id,
      subtotal_cents, discount_cents, tax_cents, total_cents, refunded_cents, coupon_code, referral_id, affiliate_user_id,
      status, stripe_customer_id, stripe_subscription_id, stripe_invoice_id, stripe_payment_intent_id, stripe_charge_id,
      paid_at, created_at, updated_at, source)
    select o.id, case when o.stripe then 'cs_' || o.ref end, a.email, a.id, o.plan, initcap(o.plan), o.has_cgm, c.id,
      o.subtotal, o.discount, round((o.subtotal - o.discount) * 0.08)::int, o.subtotal - o.discount + round((o.subtotal - o.discount) * 0.08)::int,
      case when o.status = 'refunded' then o.subtotal - o.discount + round((o.subtotal - o.discount) * 0.08)::int else 0 end,
      case when o.discount > 0 then upper(af.code) end, af.code, af.user_id, o.status,
      case when o.stripe and o.paid_at is not null then 'cus_seed' || ${plan.run} || 'm' || lpad(o.member::text, 7, '0') end,
      case when o.stripe and o.paid_at is not null then 'sub_' || o.ref end,
      case when o.stripe and o.paid_at is not null then 'in_' || o.ref end,
      case when o.stripe and o.paid_at is not null then 'pi_' || o.ref end,
      case when o.stripe and o.paid_at is not null then 'ch_' || o.ref end,
      o.paid_at, o.created_at, coalesce(o.paid_at, o.created_at), 'checkout'
    from seed_orders o join seed_accounts a on a.n = o.member join seed_cohorts c on c.idx = o.cohort_idx
      left join seed_affiliates af on af.idx = o.affiliate_idx
    order by o.k`;
  return rows.count;
}

/**
 * A seat per order: enrolled when paid; released when the checkout expired or failed, or the order
 * was refunded or lost. The cohorts' counters then count the enrolled seats (as the product keeps
 * them in the transaction of each seat), and each cohort's cap leaves a fifth free, the biggest full.
 */
export async function seedSeats(sql: Sql): Promise<number> {
  const rows = await sql`
    insert into public.cohort_seats (cohort_id, order_id, user_id, email, status, enrolled_at, released_at, created_at, updated_at)
    select c.id, o.id, a.id, a.email, case when o.status = 'paid' then 'enrolled' else 'released' end, o.paid_at,
      case when o.status = 'paid' then null when o.paid_at is null then o.created_at + interval '1 day' else o.paid_at + interval '10 days' end,
      o.created_at, o.created_at
    from seed_orders o join seed_accounts a on a.n = o.member join seed_cohorts c on c.idx = o.cohort_idx`;
  await sql`
    update public.cohorts c set participant_count = s.paid, prospective_participant_count = s.paid,
      participant_cap = case when s.idx = 0 then greatest(s.paid, 1) else least(10000, greatest(s.paid + s.paid / 4, 20)) end
    from (
      select sc.id, sc.idx, count(o.k) filter (where o.status = 'paid')::int as paid
      from seed_cohorts sc left join seed_orders o on o.cohort_idx = sc.idx group by sc.id, sc.idx
    ) s
    where c.id = s.id`;
  return rows.count;
}

/** The subscription of every order paid through Stripe: active (some past due or cancelling), ended once refunded or lost. */
export async function seedSubscriptions(sql: Sql, plan: ScalePlan): Promise<number> {
  const rows = await sql`
    insert into public.subscriptions (stripe_subscription_id, order_id, user_id, email, stripe_customer_id, plan_type, plan_name,
      status, current_period_end, cancel_at_period_end, ended_at, created_at, updated_at)
    select 'sub_' || o.ref, o.id, a.id, a.email, 'cus_seed' || ${plan.run} || 'm' || lpad(o.member::text, 7, '0'), o.plan, initcap(o.plan),
      case when o.status <> 'paid' then 'canceled' when pg_temp.u(o.k, 7) < 0.05 then 'past_due' else 'active' end,
      o.paid_at + ceil(extract(epoch from now() - o.paid_at) / 2592000 + 0.01) * interval '30 days',
      o.status = 'paid' and pg_temp.u(o.k, 7) > 0.9, case when o.status <> 'paid' then o.paid_at + interval '10 days' end,
      o.paid_at, o.paid_at
    from seed_orders o join seed_accounts a on a.n = o.member
    where o.stripe and o.paid_at is not null`;
  return rows.count;
}

/** One member in five linked the coach bot (the ones whose bot set-up is complete). */
export async function seedTelegramLinks(sql: Sql, plan: ScalePlan): Promise<number> {
  const rows = await sql`
    insert into public.telegram_links (user_id, telegram_user_id, chat_id, first_name, linked_at)
    select id, ${plan.telegramBase}::bigint + n, ${plan.telegramBase}::bigint + n, 'Member ' || n, created_at + interval '1 day'
    from seed_accounts where n % 5 = 0 and n <= ${plan.members}`;
  return rows.count;
}
