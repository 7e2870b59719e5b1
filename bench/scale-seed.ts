import PgBoss from "pg-boss";
import postgres, { type Sql } from "postgres";
import { hashPassword } from "../local/auth/password-hash";
import { seedPledges, seedSocialPosts, seedStripeEvents, seedTelegramUpdates } from "./scale-seed-activity";
import { seedAccounts, seedCohorts, seedOrders, seedSeats, seedSubscriptions, seedTelegramLinks } from "./scale-seed-members";
import { scalePlan, createSeedFunctions, type ScalePlan } from "./scale-seed-plan";
import { seedAffiliates, seedLeads, seedLedger, seedVisits } from "./scale-seed-referrals";

// "A million pledges": a migrated product database filled to the size the product is
// built for, set-based (insert … select … from generate_series), through the product's tables,
// constraints and counting triggers, so its own reads answer at scale. Factor 1: 1,000,000 pledges,
// 100,000 members with orders, seats and subscriptions in 500 cohorts, 10,000 affiliates with
// 2,000,000 visits, 200,000 leads and their ledgers, 100,000 social posts, 1,000,000 Stripe events
// and 1,000,000 Telegram updates (processed). The email backlog is seedEmailBacklog's.

export interface ScaleSeedStep {
  step: string;
  rows: number;
  seconds: number;
}

/** Ids the bench exercises routes with at scale. */
export interface ScaleSamples {
  /** Every seeded account signs in with this password. */
  password: string;
  busiestAffiliate: { userId: string; email: string; code: string; visitors: number };
  /** A member with a paid order through Stripe, an enrolled seat and an active subscription. */
  member: { userId: string; email: string; orderId: string; cohortId: string };
  biggestCohort: { id: string; paidSeats: number };
  /** The newest pledge's number and one from the launch peak. */
  pledgeNumbers: { newest: number; early: number };
  /** A member linked to the coach bot (their Telegram user id). */
  telegramMember: { userId: string; telegramUserId: string };
  socialPostId: string;
}

export interface ScaleSeedReport {
  factor: number;
  run: string;
  seconds: number;
  steps: ScaleSeedStep[];
  /** Rows in each table written to, after the seed (the whole table, not only this seed's rows). */
  tables: Record<string, { rows: number; bytes: number }>;
  samples: ScaleSamples;
}

export const SCALE_SEED_PASSWORD = "scale-seed-password";

const TABLES = [
  "auth.users",
  "auth.identities",
  "public.users",
  "public.cohorts",
  "public.orders",
  "public.cohort_seats",
  "public.subscriptions",
  "public.telegram_links",
  "public.affiliates",
  "public.affiliate_figures",
  "public.referral_leads",
  "public.referral_visits",
  "public.commission_entries",
  "public.commission_payouts",
  "public.commission_payout_items",
  "public.campaign_pledges",
  "public.campaign_pledge_days",
  "public.social_posts",
  "public.stripe_events",
  "public.telegram_updates",
];

type Step = [name: string, run: (sql: Sql, plan: ScalePlan) => Promise<number>];

/** Fills `databaseUrl` (migrated: scripts/migrate.ts) at `factor` × the sizes above, then vacuums and analyzes it. */
export async function seedScale(
  databaseUrl: string,
  opts: { factor?: number; log?: (msg: string) => void } = {},
): Promise<ScaleSeedReport> {
  const factor = opts.factor ?? 1;
  const log = opts.log ?? (() => {});
  const plan = scalePlan(factor);
  const passwordHash = await hashPassword(SCALE_SEED_PASSWORD);
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { synchronous_commit: "off", work_mem: "64MB", jit: "off" },
  });
  const began = performance.now();
  const steps: ScaleSeedStep[] = [];
  const work: Step[] = [
    ["cohorts", seedCohorts],
    ["accounts", (s, p) => seedAccounts(s, p, passwordHash)],
    ["affiliates", seedAffiliates],
    ["orders", seedOrders],
    ["seats", seedSeats],
    ["subscriptions", seedSubscriptions],
    ["telegram links", seedTelegramLinks],
    ["referral leads", seedLeads],
    ["referral visits", seedVisits],
    ["commission ledger", seedLedger],
    ["campaign pledges", (s, p) => seedPledges(s, p.pledges, p.run, p.days)],
    ["social posts", seedSocialPosts],
    ["telegram updates", seedTelegramUpdates],
    ["stripe events", seedStripeEvents],
    // As a database that has been running looks: planner statistics, and the visibility map set and
    // hint bits written, so the loads that follow neither pay for first-touch writes nor miss
    // index-only scans (a server with autovacuum off would never get there by itself).
    ["vacuum and analyze", async (s) => (await s`vacuum (analyze)`, 0)],
  ];
  try {
    await createSeedFunctions(sql);
    for (const [name, run] of work) {
      const start = performance.now();
      const rows = await run(sql, plan);
      const seconds = round((performance.now() - start) / 1000);
      steps.push({ step: name, rows, seconds });
      log(`[scale-seed] ${name}: ${rows.toLocaleString("en-US")} rows in ${seconds} s`);
    }
    const samples = await readSamples(sql);
    const tables: ScaleSeedReport["tables"] = {};
    for (const table of TABLES) {
      // A name from the list above, not from outside.
      const [row] = await sql.unsafe<{ rows: number; bytes: string }[]>(
        `select (select count(*) from ${table})::int as rows, pg_total_relation_size('${table}'::regclass)::text as bytes`,
      );
      tables[table] = { rows: row!.rows, bytes: Number(row!.bytes) };
    }
    return { factor, run: plan.run, seconds: round((performance.now() - began) / 1000), steps, tables, samples };
  } finally {
    await sql.end();
  }
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

async function readSamples(sql: Sql): Promise<ScaleSamples> {
  const [affiliate] = await sql<{ user_id: string; email: string; code: string; visitors: number }[]>`
    select a.user_id, u.email, a.code, f.visitors from seed_affiliates s join public.affiliates a on a.user_id = s.user_id
      join public.affiliate_figures f on f.affiliate_user_id = a.user_id join public.users u on u.id = a.user_id
    order by f.visitors desc limit 1`;
  const [member] = await sql<{ user_id: string; email: string; order_id: string; cohort_id: string }[]>`
    select o.user_id, o.email, o.id as order_id, o.cohort_id from seed_orders so join public.orders o on o.id = so.id
      join public.subscriptions sub on sub.order_id = o.id
    where o.status = 'paid' and sub.status = 'active' and o.affiliate_user_id is not null
    order by so.k limit 1`;
  const [cohort] = await sql<{ id: string; paid: number }[]>`
    select c.id, c.participant_count as paid from seed_cohorts s join public.cohorts c on c.id = s.id order by c.participant_count desc limit 1`;
  const [pledges] = await sql<{ newest: number; early: number }[]>`
    select max(pledge_number)::int as newest, (min(pledge_number) + (max(pledge_number) - min(pledge_number)) / 50)::int as early
    from public.campaign_pledges p where p.email like ${"pledge.%"}`;
  const [linked] = await sql<{ user_id: string; telegram_user_id: string }[]>`
    select l.user_id, l.telegram_user_id::text from seed_accounts a join public.telegram_links l on l.user_id = a.id order by a.n limit 1`;
  const [post] = await sql<
    { id: string }[]
  >`select id from public.social_posts where owner_id is not null order by created_at desc limit 1`;
  if (!affiliate || !member || !cohort || !pledges || !linked || !post) throw new Error("the scale seed wrote no sample of some kind");
  return {
    password: SCALE_SEED_PASSWORD,
    busiestAffiliate: { userId: affiliate.user_id, email: affiliate.email, code: affiliate.code, visitors: affiliate.visitors },
    member: { userId: member.user_id, email: member.email!, orderId: member.order_id, cohortId: member.cohort_id },
    biggestCohort: { id: cohort.id, paidSeats: cohort.paid },
    pledgeNumbers: pledges,
    telegramMember: { userId: linked.user_id, telegramUserId: linked.telegram_user_id },
    socialPostId: post.id,
  };
}

/**
 * A backlog of `count` queued newsletter welcome emails, queued as the product queues an email
 * (server/email/outbox.ts): an outbox row and its send-email job, both in one transaction, the jobs
 * through the job engine's send on the transaction (with the queue's retry and expiry settings), as enqueueJob does. The job
 * engine must have been started on the database once (its schema and queues exist). Returns the
 * outbox ids.
 */
export async function seedEmailBacklog(databaseUrl: string, count: number): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss" });
  try {
    return await sql.begin(async (tx) => {
      const rows = await tx<{ id: string }[]>`
        insert into public.email_outbox (kind, recipient, data)
        select 'newsletter-welcome', 'backlog.' || substr(md5(random()::text), 1, 10) || '.' || n || '@example.com', '{}'
        from generate_series(1, ${count}::int) n
        returning id`;
      const ids = rows.map((row) => row.id);
      // As server/jobs/enqueue-job.ts runs the engine's statements: postgres.js refuses undefined.
      const db = {
        executeSql: async (text: string, values: unknown[]) => ({
          rows: [...(await tx.unsafe(text, values.map((value) => (value === undefined ? null : value)) as never[]))],
        }),
      };
      for (const outboxId of ids) await boss.send("send-email", { outboxId }, { db });
      const [queued] = await tx<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'outboxId' = any(${ids})`;
      if (queued!.n !== ids.length) throw new Error(`${queued!.n} send-email jobs for ${ids.length} emails: is the job engine installed?`);
      return ids;
    });
  } finally {
    await sql.end();
  }
}
