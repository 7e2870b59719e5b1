import { describe, expect, it } from "vitest";
import { dailyFunnelCounts, dailyFunnelCountsQuery } from "@/server/db/referrals/referrals-stats";
import { suiteSql } from "../../fixtures/db";
import { arrangeAffiliate } from "../../fixtures/operator-affiliates";
import { createCohort } from "../../fixtures/payments";

// The affiliate chart reads per-day counters the database keeps in each change's
// transaction (referral_funnel_days). Whatever is written, they equal a count of the rows themselves.
const sql = suiteSql();

type DayCount = { affiliate_user_id: string; day: string; metric: string; count: number };

/** The counters of these affiliates, one row per day and metric that counts anything. */
async function stored(ids: string[]): Promise<DayCount[]> {
  return sql<DayCount[]>`
    select f.affiliate_user_id, f.day::text as day, m.metric, m.count
    from referral_funnel_days f
    cross join lateral (values ('visitors', f.visitors), ('leads', f.leads), ('conversions', f.conversions)) m (metric, count)
    where f.affiliate_user_id = any(${ids}::uuid[]) and m.count <> 0
    order by 1, 2, 3`;
}

/** The same counted from the visits, leads and orders, as the chart counted them before the counters. */
async function recount(ids: string[]): Promise<DayCount[]> {
  return sql<DayCount[]>`
    select * from (
      select affiliate_user_id, (first_seen_at at time zone 'UTC')::date::text as day, 'visitors' as metric, count(*)::int as count
      from referral_visits where affiliate_user_id = any(${ids}::uuid[]) and flagged_reason is null group by 1, 2
      union all
      select affiliate_user_id, (created_at at time zone 'UTC')::date::text, 'leads', count(*)::int
      from referral_leads where affiliate_user_id = any(${ids}::uuid[]) and flagged_reason is null group by 1, 2
      union all
      select affiliate_user_id, (paid_at at time zone 'UTC')::date::text, 'conversions', count(*)::int
      from orders where affiliate_user_id = any(${ids}::uuid[]) and status = 'paid' group by 1, 2
    ) c order by 1, 2, 3`;
}

async function expectCountersMatch(ids: string[]): Promise<DayCount[]> {
  const counted = await recount(ids);
  expect(await stored(ids)).toEqual(counted);
  return counted;
}

async function paidOrder(affiliateId: string | null, cohortId: string, paidAt: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at, affiliate_user_id)
    values ('buyer@example.com', 'starter', 'Starter', false, ${cohortId}, 9900, 792, 10692, 'paid', ${paidAt}, ${affiliateId})
    returning id`;
  return row!.id;
}

describe("per-day funnel counters", () => {
  it("follow inserts, flags, unflags, moves, refunds, deletes and bulk writes, and equal a recount", async () => {
    const ann = await arrangeAffiliate(sql, `ann.${Date.now()}@example.com`);
    const bob = await arrangeAffiliate(sql, `bob.${Date.now()}@example.com`);
    const ids = [ann.id, bob.id];
    const cohort = await createCohort(sql);

    // One visit at a time, from a session far from UTC: the day is still the UTC day.
    await sql.begin(async (tx) => {
      await tx`set local timezone = 'Pacific/Kiritimati'`;
      await tx`insert into referral_visits (affiliate_user_id, visitor_id, first_seen_at) values (${ann.id}, gen_random_uuid(), '2003-03-14T23:59:59Z')`;
      await tx`insert into referral_visits (affiliate_user_id, visitor_id, first_seen_at) values (${ann.id}, gen_random_uuid(), '2003-03-15T00:00:00Z')`;
    });
    await sql`insert into referral_visits (affiliate_user_id, visitor_id, first_seen_at, flagged_reason)
      values (${ann.id}, gen_random_uuid(), '2003-03-15T01:00:00Z', 'affiliate_daily_ceiling')`;
    expect(await expectCountersMatch(ids)).toEqual([
      { affiliate_user_id: ann.id, day: "2003-03-14", metric: "visitors", count: 1 },
      { affiliate_user_id: ann.id, day: "2003-03-15", metric: "visitors", count: 1 },
    ]);

    // Many rows of both affiliates over many days in one statement each.
    await sql`insert into referral_visits (affiliate_user_id, visitor_id, first_seen_at, flagged_reason)
      select case when n % 3 = 0 then ${bob.id}::uuid else ${ann.id}::uuid end, gen_random_uuid(),
        timestamptz '2003-01-01T00:00:00Z' + n * interval '37 minutes',
        case when n % 7 = 0 then 'address_daily_ceiling' end
      from generate_series(1, 5000) n`;
    const leadUsers = await sql<{ id: string }[]>`
      insert into auth.users (email, aud, role) select 'lead.' || n || '.' || ${Date.now()} || '@example.com', 'authenticated', 'authenticated'
      from generate_series(1, 300) n returning id`;
    await sql`insert into referral_leads (referred_user_id, affiliate_user_id, touched_at, created_at, flagged_reason)
      select u.id, case when n % 2 = 0 then ${bob.id}::uuid else ${ann.id}::uuid end, now(),
        timestamptz '2003-02-01T00:00:00Z' + n * interval '5 hours', case when n % 5 = 0 then 'affiliate_daily_ceiling' end
      from unnest(${leadUsers.map((u) => u.id)}::uuid[]) with ordinality as u (id, n)`;
    const orderIds = await Promise.all(
      ["2003-03-01T10:00:00Z", "2003-03-01T11:00:00Z", "2003-03-02T23:59:59Z"].map((at) => paidOrder(ann.id, cohort, at)),
    );
    await paidOrder(null, cohort, "2003-03-01T10:00:00Z");
    await sql`insert into orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, affiliate_user_id)
      values ('pending@example.com', 'starter', 'Starter', false, ${cohort}, 9900, 792, 10692, ${bob.id})`;
    await expectCountersMatch(ids);

    // Flag and unflag, in statements that change many affiliates' days at once.
    await sql`update referral_visits set flagged_reason = 'affiliate_daily_ceiling'
      where affiliate_user_id = any(${ids}::uuid[]) and flagged_reason is null and first_seen_at < '2003-01-20'`;
    await sql`update referral_visits set flagged_reason = null
      where affiliate_user_id = ${bob.id} and flagged_reason is not null and first_seen_at < '2003-01-10'`;
    await sql`update referral_leads set flagged_reason = case when flagged_reason is null then 'affiliate_daily_ceiling' end
      where affiliate_user_id = any(${ids}::uuid[]) and created_at < '2003-02-10'`;
    // A visit moved to another day, a lead to another affiliate, an order paid later, refunded, unreferred.
    await sql`update referral_visits set first_seen_at = first_seen_at + interval '1 day'
      where affiliate_user_id = ${ann.id} and first_seen_at between '2003-02-01' and '2003-02-03'`;
    await sql`update referral_leads set affiliate_user_id = ${bob.id} where affiliate_user_id = ${ann.id} and created_at > '2003-02-20'`;
    await sql`update orders set status = 'paid', paid_at = '2003-03-05T00:00:00Z' where affiliate_user_id = ${bob.id} and status = 'pending'`;
    await sql`update orders set status = 'refunded' where id = ${orderIds[0]!}`;
    await sql`update orders set affiliate_user_id = null where id = ${orderIds[1]!}`;
    await sql`update orders set affiliate_user_id = ${bob.id}, paid_at = '2003-03-04T12:00:00Z' where id = ${orderIds[2]!}`;
    await expectCountersMatch(ids);

    // Pruning some visits and leads, then deleting an account with its affiliate code.
    await sql`delete from referral_visits where affiliate_user_id = any(${ids}::uuid[]) and first_seen_at < '2003-02-01'`;
    await sql`delete from auth.users where id = any(${leadUsers.slice(0, 40).map((u) => u.id)}::uuid[])`;
    await expectCountersMatch(ids);
    await sql`delete from auth.users where id = ${ann.id}`;
    expect((await stored([ann.id])).length).toBe(0);
    const counted = await expectCountersMatch(ids);
    expect(counted.length).toBeGreaterThan(10);

    // The chart's read gives what the recount gives for the days from `since` on.
    const since = new Date("2003-02-15T00:00:00Z");
    const chart = (await dailyFunnelCounts(bob.id, since)).sort((a, b) => `${a.date}${a.metric}`.localeCompare(`${b.date}${b.metric}`));
    expect(chart).toEqual(
      counted
        .filter((row) => row.affiliate_user_id === bob.id && row.day >= "2003-02-15")
        .map((row) => ({ date: row.day, metric: row.metric, count: row.count }))
        .sort((a, b) => `${a.date}${a.metric}`.localeCompare(`${b.date}${b.metric}`)),
    );
    expect(chart.map((row) => row.metric)).toEqual(expect.arrayContaining(["visitors", "leads", "conversions"]));
  });

  it("reads the chart from the counters' primary key, never the visits, leads or orders", async () => {
    const plan = await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      const rows = await tx<{ "QUERY PLAN": string }[]>`
        explain ${dailyFunnelCountsQuery(tx, "00000000-0000-4000-8000-000000000001", new Date("2003-02-14T00:00:00Z"))}`;
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Scan (using|on) referral_funnel_days_pkey/);
    // The one table it reads (the other node scans the three metrics' VALUES list).
    const scanned = new Set(
      [...plan.matchAll(/Scan (?:using \S+ )?on (\w+)/g)].map((m) => m[1]).filter((name) => !name!.endsWith("_pkey")),
    );
    expect([...scanned]).toEqual(["referral_funnel_days"]);
    expect(plan).not.toMatch(/referral_visits|referral_leads|\borders\b/);
  });
});
