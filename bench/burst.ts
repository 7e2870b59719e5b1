import autocannon from "autocannon";
import postgres from "postgres";
import { sleep } from "../tests/harness/processes";
import { pledgeVisitors, type PledgeVisitors } from "./pledge-visitors";

// A campaign's peak hour: a pledge burst as when a widely followed account shares /magic.
// `connections` visitors at a time take the pledge for `seconds`, each with their own email and
// client address and each acting as the drawer does (pledge-visitors.ts: a busy answer is waited out
// and the same pledge sent again), while /magic and the pledge count are read at ten times the rate
// pledges were taken in alone; then the confirmation emails are awaited (how long the outbox takes to
// drain), their links used, and the numbering checked in the database: 1..max, no gap, no repeat.

/** `through`: what stands between the visitors and the app at `baseUrl`, as the report says it. */
export type BurstContext = { baseUrl: string; databaseUrl: string; mailUrl?: string; through: string };
export type BurstOptions = { connections?: number; seconds?: number; readConnections?: number; drainTimeoutSeconds?: number };

/**
 * `busy`: answers turned away at once (503 busy and 429, each with Retry-After), counted apart from
 * `timeouts` (no answer within the time-out) and the other connection errors; `errors` is every
 * request that got no answer at all (time-outs included, once).
 */
export type Burst = {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  byStatus: Record<string, number>;
  busy: number;
  timeouts: number;
  errors: number;
};

export type BurstReport = {
  /** The layout the burst went through: the cache in front of the web processes, or one web process straight. */
  through: string;
  connections: number;
  seconds: number;
  /** The pledges alone for CALIBRATION_SECONDS, before the burst: the rate the reads are asked to keep to, × 10. */
  pledgesAlone: PledgeVisitors;
  readRateAsked: number;
  pledges: PledgeVisitors;
  reads: { magic: Burst; count: Burst };
  /** Seconds from the burst's end until every confirmation email it queued was sent; null if it did not drain in time. */
  emailDrainSeconds: number | null;
  /** Links found: in the mail catcher when there is one, else (no mail catcher) derived from the outbox. */
  linksFrom: "mail" | "none";
  confirmations: Burst | null;
  numbering: {
    pledges: number;
    distinct: number;
    lowest: number;
    highest: number;
    gapless: boolean;
    burstConfirmed: number;
    burstNumbered: number;
  };
};

/** How long the pledges alone are measured; reads aim at ten times the rate they were taken in. */
const CALIBRATION_SECONDS = 10;
/** How long after a load a visitor still waiting may take to get in before counting as lost. */
const GRACE_SECONDS = 120;

let counter = 0;
// 10.128.0.0/10 and up: apart from bench/campaign.ts's addresses, so no earlier load's limit applies.
const nextAddress = () => {
  counter += 1;
  return `10.${128 + ((counter >> 16) & 127)}.${(counter >> 8) & 255}.${counter & 255}`;
};

type Result = autocannon.Result & { statusCodeStats?: Record<string, { count?: number }> };

export function burstOf(result: Result): Burst {
  const byStatus: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) byStatus[code] = stat.count ?? 0;
  const requests = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const seconds = Math.max(result.duration, 0.001);
  const busy = (byStatus["503"] ?? 0) + (byStatus["429"] ?? 0);
  // autocannon's `errors` already counts its time-outs.
  return {
    requests,
    perSecond: Math.round((requests / seconds) * 10) / 10,
    p50Ms: result.latency.p50 ?? 0,
    p99Ms: result.latency.p99 ?? 0,
    byStatus,
    busy,
    timeouts: result.timeouts,
    errors: result.errors,
  };
}

export function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result as Result)));
  });
}

type Sql = ReturnType<typeof postgres>;

/** Waits until no confirmation email to the burst's addresses is still queued; the seconds it took, or null. */
async function drainSeconds(sql: Sql, pattern: string, timeoutSeconds: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < timeoutSeconds * 1000) {
    const [row] = await sql<{ queued: number }[]>`
      select count(*)::int as queued from public.email_outbox
      where kind = 'campaign-confirmation' and recipient like ${pattern} and status = 'queued'`;
    if ((row?.queued ?? 0) === 0) return Math.round((performance.now() - start) / 100) / 10;
    await sleep(500);
  }
  return null;
}

/** The confirmation links the burst's addresses were sent, as their readers would open them. */
async function linksFromMail(mailUrl: string, prefix: string): Promise<string[]> {
  const response = await fetch(new URL("/api/messages", mailUrl), { signal: AbortSignal.timeout(120_000) });
  const { messages } = (await response.json()) as { messages: { to: string[]; text: string }[] };
  const tokens: string[] = [];
  for (const message of messages) {
    if (!message.to.some((to) => to.startsWith(prefix))) continue;
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
    if (token) tokens.push(token);
  }
  return tokens;
}

async function numbering(sql: Sql, pattern: string): Promise<BurstReport["numbering"]> {
  const [all] = await sql<{ pledges: number; distinct: number; lowest: number; highest: number }[]>`
    select count(*)::int as pledges, count(distinct pledge_number)::int as distinct,
      coalesce(min(pledge_number), 0)::int as lowest, coalesce(max(pledge_number), 0)::int as highest
    from public.campaign_pledges`;
  const [burst] = await sql<{ confirmed: number; numbered: number }[]>`
    select (select count(*) from public.address_confirmations where email like ${pattern} and purpose = 'pledge' and confirmed_at is not null)::int as confirmed,
      (select count(*) from public.campaign_pledges where email like ${pattern} and pledge_number is not null)::int as numbered`;
  const counts = { pledges: all?.pledges ?? 0, distinct: all?.distinct ?? 0, lowest: all?.lowest ?? 0, highest: all?.highest ?? 0 };
  const gapless = counts.pledges === counts.distinct && counts.highest === counts.pledges && (counts.pledges === 0 || counts.lowest === 1);
  return { ...counts, gapless, burstConfirmed: burst?.confirmed ?? 0, burstNumbered: burst?.numbered ?? 0 };
}

/**
 * The pledge burst against a running app (its database at `databaseUrl`, its mail catcher's HTTP
 * API at `mailUrl`). The app must trust X-Real-IP (TRUSTED_CLIENT_IP_HEADER), as bench/server.ts
 * starts it, so each request is its own client and only a real limit answers 429.
 */
export async function pledgeBurst(ctx: BurstContext, opts: BurstOptions = {}): Promise<BurstReport> {
  const connections = opts.connections ?? 200;
  const seconds = opts.seconds ?? 60;
  const readConnections = opts.readConnections ?? 100;
  const tag = `burst-${Date.now().toString(36)}-`;
  const pattern = `${tag}%`;
  const sql = postgres(ctx.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const url = (path: string) => new URL(path, ctx.baseUrl).toString();
    const get = () => ({ method: "GET" as const, headers: { "x-real-ip": nextAddress() } });
    const post = (body: unknown) => ({
      method: "POST" as const,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
    });
    let n = 0;
    const visitors = (duration: number) =>
      pledgeVisitors(url("/api/campaign/pledges"), {
        visitors: connections,
        seconds: duration,
        graceSeconds: GRACE_SECONDS,
        email: () => `${tag}${++n}@example.com`,
        address: () => nextAddress(),
      });
    // The pledges alone first, for the rate the reads then keep pace with: ten reads a pledge taken
    // in, half of them /magic's render and half the count (a fixed rate would measure the reads
    // crowding the pledges out on a small machine, not the pledges).
    const alone = await visitors(CALIBRATION_SECONDS);
    const readRate = Math.max(10, Math.round(alone.perSecond * 10));
    const reads = { connections: readConnections / 2, duration: seconds, timeout: 30, overallRate: Math.max(1, Math.round(readRate / 2)) };
    const [pledges, magic, count] = await Promise.all([
      visitors(seconds),
      run({ url: url("/magic"), ...reads, requests: [{ setupRequest: (r) => ({ ...r, ...get() }) }] }),
      run({ url: url("/api/campaign/pledges"), ...reads, requests: [{ setupRequest: (r) => ({ ...r, ...get() }) }] }),
    ]);
    const emailDrainSeconds = await drainSeconds(sql, pattern, opts.drainTimeoutSeconds ?? 600);
    const tokens = ctx.mailUrl ? await linksFromMail(ctx.mailUrl, tag) : [];
    let next = 0;
    const confirmations =
      tokens.length === 0
        ? null
        : burstOf(
            await run({
              url: url("/api/campaign/confirmations"),
              connections: Math.min(connections, tokens.length),
              amount: tokens.length,
              requests: [{ setupRequest: (r) => ({ ...r, ...post({ token: tokens[next++ % tokens.length] }) }) }],
            }),
          );
    return {
      through: ctx.through,
      connections,
      seconds,
      pledgesAlone: alone,
      readRateAsked: readRate,
      pledges,
      reads: { magic: burstOf(magic), count: burstOf(count) },
      emailDrainSeconds,
      linksFrom: tokens.length > 0 ? "mail" : "none",
      confirmations,
      numbering: await numbering(sql, pattern),
    };
  } finally {
    await sql.end();
  }
}
