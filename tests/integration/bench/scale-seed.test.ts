import { beforeAll, expect, inject, it } from "vitest";
import { seedEmailBacklog, seedScale, type ScaleSeedReport } from "@/bench/scale-seed";
import { badgeForPledgeNumber } from "@/lib/campaign/badge-tier";
import { dashboardInitialData } from "@/server/dashboard/initial-data";
import { countCampaign } from "@/server/db/campaign/campaign";
import { listPledgeTierTotals } from "@/server/db/campaign/campaign-pledge-days";
import { getCohortSummary } from "@/server/db/cohorts/cohort-queries";
import { getOperatorAffiliateRow } from "@/server/db/operator/operator-affiliates";
import { getOperatorCohort } from "@/server/db/operator/operator-cohorts";
import { authClient } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { funnelDaysThatDisagree } from "../../fixtures/funnel-days";
import { countersThatDisagree } from "../../fixtures/operator-affiliates";
import { postgresOnly } from "../../fixtures/postgres-only";

// The scale seed at a thousandth of its size, on this run's database (which other files
// may have written to first), read back through the product's own reads: they must agree with the
// rows the seed wrote, and the seed must fit the schema as it is. The seed fills the PostgreSQL
// server of `npm run bench -- --scale` (which implies --postgres), over connections of its own.
const sql = suiteSql();
const FACTOR = 0.001;
const onPostgres = postgresOnly("the scale seed fills the PostgreSQL server of npm run bench -- --scale, which runs on no other database");

let before: { pledges: number };
let report: ScaleSeedReport;
const step = (name: string) => report.steps.find((s) => s.step === name)!.rows;

onPostgres.describe("seedScale at a small factor", () => {
  beforeAll(async () => {
    before = { pledges: (await countCampaign()).pledges };
    report = await seedScale(inject("databaseUrl"), { factor: FACTOR });
  }, 120_000);

  it("writes each kind of row at its size and reports every step and table", () => {
    expect(step("campaign pledges")).toBe(1_000);
    expect(step("referral visits")).toBe(2_000);
    expect(step("referral leads")).toBe(200);
    expect(step("social posts")).toBe(100);
    expect(step("stripe events")).toBe(1_000);
    expect(step("telegram updates")).toBe(1_000);
    expect(step("accounts")).toBe(270);
    expect(step("orders")).toBe(120);
    expect(step("seats")).toBe(120);
    expect(step("commission ledger")).toBeGreaterThan(0);
    for (const s of report.steps) expect(s.seconds).toBeGreaterThanOrEqual(0);
    expect(report.tables["public.campaign_pledges"]!.rows).toBeGreaterThanOrEqual(1_000);
    expect(report.tables["public.referral_visits"]!.bytes).toBeGreaterThan(0);
  });

  it("numbers the pledges after those there were, without gaps, and the public count and the tiers agree", async () => {
    expect((await countCampaign()).pledges).toBe(before.pledges + 1_000);
    const [numbers] = await sql<{ count: number; max: number }[]>`
      select count(*)::int as count, max(pledge_number)::int as max from public.campaign_pledges`;
    expect(numbers!.max).toBe(numbers!.count);
    const rows = await sql<{ pledge_number: number }[]>`select pledge_number::int from public.campaign_pledges`;
    const expected = new Map<string, number>();
    for (const { pledge_number } of rows) {
      const tier = badgeForPledgeNumber(pledge_number).tier;
      expected.set(tier, (expected.get(tier) ?? 0) + 1);
    }
    const totals = new Map((await listPledgeTierTotals()).map((t) => [t.tier, t.pledges]));
    for (const [tier, count] of expected) expect(totals.get(tier as never), tier).toBe(count);
    // Spread over the campaign's 90 days, with more on the launch day than on a quiet one.
    const days = await sql<{ day: string; n: number }[]>`
      select (created_at at time zone 'UTC')::date::text as day, count(*)::int as n from public.campaign_pledges
      where email like ${`pledge.${report.run}.%`} group by 1 order by 1`;
    expect(days.length).toBeGreaterThanOrEqual(85);
    expect(days[0]!.n).toBeGreaterThan(Math.min(...days.map((d) => d.n)) * 2);
  });

  it("keeps every affiliate's counters equal to a count of their rows; the busiest draws the most", async () => {
    expect(await countersThatDisagree(sql)).toEqual([]);
    expect(await funnelDaysThatDisagree(sql)).toEqual([]);
    const busiest = report.samples.busiestAffiliate;
    const read = await getOperatorAffiliateRow(busiest.userId);
    const [counted] = await sql<{ visitors: number; leads: number; conversions: number; earned: number; max_other: number }[]>`
      select
        (select count(*)::int from public.referral_visits where affiliate_user_id = ${busiest.userId} and flagged_reason is null) as visitors,
        (select count(*)::int from public.referral_leads where affiliate_user_id = ${busiest.userId} and flagged_reason is null) as leads,
        (select count(*)::int from public.orders where affiliate_user_id = ${busiest.userId} and status = 'paid') as conversions,
        (select coalesce(sum(amount_cents), 0)::int from public.commission_entries where affiliate_user_id = ${busiest.userId}) as earned,
        (select coalesce(max(n), 0)::int from (select count(*) as n from public.referral_visits v join auth.users u on u.id = v.affiliate_user_id
          where v.affiliate_user_id <> ${busiest.userId} and v.flagged_reason is null and u.email like ${`scale.${report.run}.%`}
          group by v.affiliate_user_id) m) as max_other`;
    expect(read?.email).toBe(busiest.email);
    expect(read?.figures).toMatchObject({
      visitors: counted!.visitors,
      leads: counted!.leads,
      conversions: counted!.conversions,
      earnedCents: counted!.earned,
    });
    expect(counted!.visitors).toBe(busiest.visitors);
    // Against this seed's other affiliates (other files' tests add affiliates of their own).
    expect(busiest.visitors).toBeGreaterThanOrEqual(counted!.max_other);
    expect(counted!.max_other).toBeGreaterThan(0);
    // Zipf-like: the busiest of 10 affiliates draws far more than an even share of 2,000 visits.
    expect(busiest.visitors).toBeGreaterThan(400);
  });

  it("gives the sample member the dashboard the product reads: their seat, subscription and cohort", async () => {
    const member = report.samples.member;
    const data = await dashboardInitialData({ id: member.userId, email: member.email, role: "authenticated" });
    expect(Object.keys(data).sort()).toEqual(["affiliateStats", "botSetup", "cohortHistory", "currentCohort", "profile", "subscription"]);
    expect(data.subscription?.hasSubscription).toBe(true);
    const [seats] = await sql<{ enrolled: number }[]>`
      select count(*)::int as enrolled from public.cohort_seats where user_id = ${member.userId} and enrolled_at is not null`;
    expect(data.cohortHistory?.length ?? 0).toBe(seats!.enrolled);
    expect(seats!.enrolled).toBeGreaterThan(0);
    const [order] = await sql<{ status: string; user_id: string; cohort_id: string }[]>`
      select status, user_id, cohort_id from public.orders where id = ${member.orderId}`;
    expect(order).toEqual({ status: "paid", user_id: member.userId, cohort_id: member.cohortId });
  });

  it("writes accounts the Auth stand-in signs in, with their email identity", async () => {
    const { data, error } = await authClient().auth.signInWithPassword({
      email: report.samples.member.email,
      password: report.samples.password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(report.samples.member.userId);
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(["email"]);
  });

  it("counts each cohort's paid seats as its enrolled seats, the biggest full", async () => {
    const biggest = report.samples.biggestCohort;
    const cohort = await getOperatorCohort(biggest.id);
    const summary = await getCohortSummary(biggest.id);
    const [counted] = await sql<{ enrolled: number }[]>`
      select count(*)::int as enrolled from public.cohort_seats where cohort_id = ${biggest.id} and status = 'enrolled'`;
    expect(cohort?.seats.paid).toBe(counted!.enrolled);
    expect(cohort?.seats.free).toBe(0);
    expect(summary).not.toBeNull();
    const disagreeing = await sql`
      select c.id from public.cohorts c
      where c.participant_count <> (select count(*) from public.cohort_seats s where s.cohort_id = c.id and s.status = 'enrolled')
        and c.cohort_name like ${`Scale cohort ${report.run}%`}`;
    expect(disagreeing).toEqual([]);
  });

  it("queues an email backlog as the outbox does: a row and a send-email job each", async () => {
    const ids = await seedEmailBacklog(inject("databaseUrl"), 5);
    expect(ids).toHaveLength(5);
    const [jobs] = await sql<{ n: number; retry_limit: number }[]>`
      select count(*)::int as n, max(retry_limit)::int as retry_limit from pgboss.job where name = 'send-email' and data->>'outboxId' = any(${ids})`;
    expect(jobs).toEqual({ n: 5, retry_limit: 12 });
  });
});
