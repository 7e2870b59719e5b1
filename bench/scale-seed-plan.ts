import { randomBytes, randomInt } from "node:crypto";
import type { Sql } from "postgres";

// How many rows of each kind a scale seed writes, and the shapes
// they follow: a daily curve for pledges, a skew for cohorts and for affiliates' traffic.

export interface ScalePlan {
  /** Tags every address, id and token of this run, so a seed adds to a database that has rows. */
  run: string;
  pledges: number;
  /** Accounts that bought (one order each, some a second): numbered 1..members. */
  members: number;
  /** Of the members, the first `affiliates` have an affiliate code. */
  affiliates: number;
  /** Accounts a referral brought: the last `referredMembers` members and the accounts after them. */
  leads: number;
  referredMembers: number;
  secondOrders: number;
  cohorts: number;
  visits: number;
  socialPosts: number;
  stripeEvents: number;
  telegramUpdates: number;
  /** Where this run's affiliate codes start, in base 31 (a code is a number below 31^8). */
  codeBase: bigint;
  /** Where this run's Telegram user and chat ids start. */
  telegramBase: number;
  /** The history the rows are spread over (days back from now). */
  days: number;
}

const scaled = (count: number, factor: number, least = 1) => Math.max(least, Math.round(count * factor));

export function scalePlan(factor: number): ScalePlan {
  if (!(factor > 0 && factor <= 10)) throw new Error(`factor must be in (0, 10], not ${factor}`);
  const members = scaled(100_000, factor, 10);
  const leads = scaled(200_000, factor, 10);
  return {
    run: randomBytes(4).toString("hex"),
    pledges: scaled(1_000_000, factor),
    members,
    affiliates: scaled(10_000, factor, 3),
    leads,
    referredMembers: Math.min(leads, Math.round(members * 0.3)),
    secondOrders: Math.round(members * 0.2),
    cohorts: scaled(500, factor, 3),
    visits: scaled(2_000_000, factor),
    socialPosts: scaled(100_000, factor),
    stripeEvents: scaled(1_000_000, factor),
    telegramUpdates: scaled(1_000_000, factor),
    codeBase: BigInt(randomInt(0, 2 ** 40)),
    telegramBase: 1_000_000_000_000 + randomInt(0, 100_000) * 10_000_000,
    days: 90,
  };
}

/** Accounts in all: the members, then the referred accounts that did not buy. */
export const accountCount = (plan: ScalePlan) => plan.members + plan.leads - plan.referredMembers;

/**
 * Pledges per day, oldest first, summing to `total`: a launch peak that fades over two weeks, a
 * second peak when the campaign is in the news (day 45), quieter weekends and slow growth.
 */
export function pledgeDailyCounts(total: number, days: number): number[] {
  const weights = Array.from({ length: days }, (_, d) => {
    const launch = 6 * Math.exp(-d / 5);
    const news = 3 * Math.exp(-(((d - 45) / 4) ** 2));
    const weekend = d % 7 === 5 || d % 7 === 6 ? 0.7 : 1;
    return (1 + d / days + launch + news) * weekend;
  });
  return spread(total, weights);
}

/**
 * Seats per cohort for `total` first orders: Zipf-like (cohort i weighs 1/(i+1)^1.1), none above
 * `most` (a cohort holds at most 10,000; the second orders add a few more).
 */
export function cohortSeatCounts(total: number, cohorts: number, most = 9_000): number[] {
  const weights = Array.from({ length: cohorts }, (_, i) => 1 / (i + 1) ** 1.1);
  let counts = spread(total, weights);
  for (let round = 0; round < 20 && counts.some((n) => n > most); round += 1) {
    const over = counts.reduce((sum, n) => sum + Math.max(0, n - most), 0);
    const room = counts.map((n, i) => (n < most ? weights[i]! : 0));
    const extra = spread(over, room.some((w) => w > 0) ? room : counts.map(() => 1));
    counts = counts.map((n, i) => Math.min(n, most) + extra[i]!);
  }
  return counts;
}

/** `total` split by weight into whole numbers (largest remainders), in the weights' order. */
function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    counts[i]! += 1;
    left -= 1;
  }
  return counts;
}

/**
 * The seed's SQL helpers, for this session: a uniform number in [0, 1) drawn from a row's number and
 * a salt (the same inputs give the same draw, so related rows agree), and an affiliate code made
 * from a number below 31^8.
 */
export async function createSeedFunctions(sql: Sql): Promise<void> {
  await sql.unsafe(`
    create or replace function pg_temp.u(n bigint, salt int) returns float8 language sql immutable as $$
      select (hashint8(n * 104729 + salt::bigint * 1000000007)::bigint + 2147483648)::float8 / 4294967296
    $$;
    create or replace function pg_temp.code(v bigint) returns text language sql immutable as $$
      select string_agg(substr('23456789abcdefghjkmnpqrstuvwxyz', ((v / (31::bigint ^ i)::bigint) % 31)::int + 1, 1), ''
        order by i desc) filter (where i >= 4) || '-' ||
        string_agg(substr('23456789abcdefghjkmnpqrstuvwxyz', ((v / (31::bigint ^ i)::bigint) % 31)::int + 1, 1), ''
        order by i desc) filter (where i < 4)
      from generate_series(0, 7) i
    $$;`);
}
