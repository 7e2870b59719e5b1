import type { Sql } from "postgres";
import { pledgeDailyCounts, type ScalePlan } from "./scale-seed-plan";

// The scale seed's traffic: campaign pledges, social posts, and the Stripe events and Telegram
// updates the product has processed.

const PLEDGE_BATCH = 250_000;

/**
 * `count` confirmed pledges over the last `days` days along the campaign's daily curve, numbered
 * after the highest number there is (gapless, in the order they were made, as the product numbers
 * them). The statement triggers count them per day and badge tier as they are written.
 */
export async function seedPledges(sql: Sql, count: number, run: string, days = 90): Promise<number> {
  const perDay = pledgeDailyCounts(count, days);
  const [{ max } = { max: 0 }] = await sql<
    { max: number }[]
  >`select coalesce(max(pledge_number), 0)::int as max from public.campaign_pledges`;
  await sql`drop table if exists seed_pledge_days`;
  // Day d (0 = the oldest) holds pledges lo..hi (1-based within this seed).
  await sql`
    create temp table seed_pledge_days as
    select d::int - 1 as day, sum(n) over (order by d) - n + 1 as lo, sum(n) over (order by d) as hi
    from unnest(${perDay}::int[]) with ordinality as t(n, d)`;
  const start = `date_trunc('day', now()) - interval '${days - 1} days'`;
  let written = 0;
  for (let from = 0; from < count; from += PLEDGE_BATCH) {
    const to = Math.min(count, from + PLEDGE_BATCH);
    const rows = await sql.unsafe(
      `insert into public.campaign_pledges (pledge_number, name, email, email_identity, created_at)
      select $1::int + p, (array['Alex', 'Sam', 'Maria', 'Wei', 'Fatima', 'Jonas', 'Priya', 'Lucas'])[1 + (p % 8)::int] || ' ' || chr(65 + (p % 26)::int) || '.',
        'pledge.' || $2 || '.' || lpad(p::text, 7, '0') || '@example.com', 'pledge.' || $2 || '.' || lpad(p::text, 7, '0') || '@example.com',
        least(now() - interval '1 second', ${start} + d.day * interval '1 day'
          + ((p - d.lo)::float8 / greatest(d.hi - d.lo + 1, 1)) * interval '1 day')
      from seed_pledge_days d, generate_series(greatest(d.lo, $3::int), least(d.hi, $4::int)) p
      where d.hi >= $3 and d.lo <= $4
      order by p`,
      [max, run, from + 1, to],
    );
    written += rows.count;
  }
  return written;
}

/** Posts made from stories: most by the coach bot for a member, some from the campaign or an operator. */
export async function seedSocialPosts(sql: Sql, plan: ScalePlan): Promise<number> {
  const rows = await sql`
    insert into public.social_posts (owner_id, source, content, referral_link, user_inputs, num_of_regen, story_messages,
      edit_token_hash, edit_token_expires_at, shared_at, created_at, updated_at)
    select case when s.source = 'coach_bot' then a.id end, s.source,
      'Two weeks of seeing my glucose changed how I eat breakfast. Post ' || p || ' of the scale seed.',
      'https://example.com/?via=' || af.code, 'breakfast, walks', p % 4,
      case when s.source = 'coach_bot' then jsonb_build_array(
        jsonb_build_object('sender', 'mini_assistant', 'content', 'What surprised you most?'),
        jsonb_build_object('sender', 'user', 'content', 'How much a walk after dinner helped.')) else '[]'::jsonb end,
      encode(sha256(convert_to('post.' || ${plan.run} || '.' || p, 'UTF8')), 'hex'), s.created_at + interval '30 days',
      case when p % 5 < 2 then s.created_at + interval '1 hour' end, s.created_at, s.created_at
    from generate_series(1, ${plan.socialPosts}::int) p
      cross join lateral (select case when pg_temp.u(p, 20) < 0.6 then 'coach_bot' when pg_temp.u(p, 20) < 0.9 then 'campaign' else 'operator' end as source,
        now() - pg_temp.u(p, 21) * ${plan.days} * interval '1 day' as created_at) s
      join seed_accounts a on a.n = 1 + p % ${plan.members}
      join seed_affiliates af on af.idx = p % ${plan.affiliates}`;
  return rows.count;
}

/**
 * Updates from linked members' chats over the last 29 days (the product prunes them after 30),
 * numbered after the highest there is, each processed (1% undeliverable).
 */
export async function seedTelegramUpdates(sql: Sql, plan: ScalePlan): Promise<number> {
  const [{ max } = { max: 0 }] = await sql<{ max: string }[]>`select coalesce(max(update_id), 0)::text as max from public.telegram_updates`;
  const linked = Math.floor(plan.members / 5);
  const rows = await sql`
    insert into public.telegram_updates (update_id, payload, attempts, processed_at, outcome, received_at)
    select ${max}::bigint + i, jsonb_build_object('update_id', ${max}::bigint + i, 'message', jsonb_build_object(
        'message_id', i, 'date', extract(epoch from t.at)::bigint, 'text', (array['/start', '/story', 'Had oats today', '/help'])[1 + i % 4],
        'chat', jsonb_build_object('id', c.chat, 'type', 'private'), 'from', jsonb_build_object('id', c.chat, 'is_bot', false))),
      1, t.at + interval '1 second', case when pg_temp.u(i, 31) < 0.01 then 'undeliverable' else 'handled' end, t.at
    from generate_series(1, ${plan.telegramUpdates}::int) i
      cross join lateral (select now() - pg_temp.u(i, 30) * interval '29 days' as at) t
      cross join lateral (select ${plan.telegramBase}::bigint + 5 * (1 + i % ${Math.max(1, linked)}) as chat) c`;
  return rows.count;
}

const EVENT_TYPES = [
  "checkout.session.completed",
  "invoice.paid",
  "customer.subscription.updated",
  "charge.succeeded",
  "payment_intent.succeeded",
];

/**
 * Stripe's events about the orders paid through Stripe, each processed: their checkout session,
 * invoices, subscription, charge and PaymentIntent in turn (the objects an order's timeline looks
 * events up by), within the 90 days the product keeps them. Written order by order, in batches, with ids rising in that order, so the primary
 * key and the object indexes are appended to.
 */
export async function seedStripeEvents(sql: Sql, plan: ScalePlan): Promise<number> {
  await sql`
    create temp table seed_stripe_orders as
    select row_number() over (order by k)::int - 1 as j, ref, paid_at, status from seed_orders where stripe and paid_at is not null`;
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from seed_stripe_orders`;
  if (count === 0) return 0;
  const rounds = Math.ceil(plan.stripeEvents / count);
  const perBatch = Math.max(1, Math.floor(250_000 / rounds));
  let written = 0;
  for (let from = 0; from < count; from += perBatch) {
    const rows = await sql`
      insert into public.stripe_events (id, type, payload, attempts, received_at, processed_at)
      select x.id, x.type, jsonb_build_object('id', x.id, 'object', 'event', 'type', x.type, 'data', jsonb_build_object('object', x.object)),
        1, x.at, x.at + interval '1 second'
      from seed_stripe_orders o
        cross join generate_series(0, ${rounds - 1}::int) r
        cross join lateral (select (${EVENT_TYPES}::text[])[1 + r % 5] as type, least(now(), greatest(o.paid_at, now() - interval '89 days') + r * interval '1 hour') as at) t
        cross join lateral (select 'evt_' || o.ref || 'n' || lpad(r::text, 3, '0') as id, t.type, t.at, case t.type
          when 'checkout.session.completed' then jsonb_build_object('id', 'cs_' || o.ref, 'object', 'checkout.session',
            'subscription', 'sub_' || o.ref, 'payment_intent', 'pi_' || o.ref)
          when 'invoice.paid' then jsonb_build_object('id', 'in_' || o.ref, 'object', 'invoice',
            'parent', jsonb_build_object('subscription_details', jsonb_build_object('subscription', 'sub_' || o.ref)))
          when 'customer.subscription.updated' then jsonb_build_object('id', 'sub_' || o.ref, 'object', 'subscription',
            'status', case when o.status = 'paid' then 'active' else 'canceled' end)
          when 'charge.succeeded' then jsonb_build_object('id', 'ch_' || o.ref, 'object', 'charge', 'payment_intent', 'pi_' || o.ref)
          else jsonb_build_object('id', 'pi_' || o.ref, 'object', 'payment_intent') end as object) x
      where o.j >= ${from} and o.j < ${from + perBatch} and r::bigint * ${count} + o.j < ${plan.stripeEvents}
      order by o.j, r`;
    written += rows.count;
  }
  return written;
}
