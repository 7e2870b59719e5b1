import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import PgBoss from "pg-boss";
import postgres from "postgres";
import { site } from "../lib/site";
import { startWorkers, type WorkerSet } from "./job-workers";

// The job engine's throughput (D16): a backlog committed at once (one transaction), then drained by
// the workers already running (the bench's worker process beside an app started with JOB_WORKERS=off,
// or the app's own in-process workers on the embedded database) joined by `extraWorkers` processes of
// `npm run worker` (scripts/worker.ts, in production mode as `next start` runs), as a deployment
// with worker processes beside its web instances would. Emails go through the whole outbox path
// (render, SMTP to the mail catcher, state recorded); Stripe events through storage, dispatch and
// their handler (a checkout.session.expired of no order: the engine and dispatch, not a
// fulfilment's Stripe calls). Each drain is checked for work done twice: an email the catcher
// received more than once (its Message-ID is the outbox row's), an event whose handler ran twice.

export const JOB_BACKLOG = 10_000;

export type DrainResult = {
  queued: number;
  /** Seconds from the backlog being committed to its last job finishing. */
  drainSeconds: number | null;
  perSecond: number | null;
  failed: number;
  /** What drained it: this many worker processes (plus the app's in-process workers, where it runs them). */
  workerProcesses: number;
  /** Jobs done more than once (emails received twice, events handled twice); null when it could not be read. */
  duplicates: number | null;
  note: string;
};

export type JobDrainOptions = {
  /** The app's environment (what `npm run worker` needs to reach the stack); without it no worker process is added. */
  env?: Record<string, string | undefined>;
  /** Worker processes started beside the app for the drain (2 by default when `env` is given). */
  extraWorkers?: number;
  /** Worker processes already running beside the app (bench/run.ts's, on PostgreSQL). */
  runningWorkers?: number;
  /** The stack's data directory: its mail catcher appends every message to mail/messages.jsonl. */
  stackDataDir?: string;
};

const JOB_SCHEMA = "pgboss";
const DRAIN_LIMIT_MS = 15 * 60_000;

async function pendingCount(sql: postgres.Sql, name: string, ids: string[]): Promise<{ pending: number; failed: number }> {
  const [row] = await sql<{ pending: number; failed: number }[]>`
    select count(*) filter (where state in ('created', 'retry', 'active'))::int as pending,
      count(*) filter (where state = 'failed')::int as failed
    from ${sql(JOB_SCHEMA)}.job where name = ${name} and id = any(${ids}::uuid[])`;
  return row ?? { pending: 0, failed: 0 };
}

/** Commits the jobs (with `before`, the rows they belong to) in one transaction, then waits until none is left to run. */
async function drain(
  sql: postgres.Sql,
  boss: PgBoss,
  name: string,
  data: Record<string, string>[],
  before: (tx: postgres.TransactionSql) => Promise<void>,
): Promise<{ seconds: number | null; failed: number }> {
  const jobs = data.map((d) => ({ id: randomUUID(), name, data: d }));
  const ids = jobs.map((j) => j.id);
  await sql.begin(async (tx) => {
    await before(tx);
    // pg-boss passes the jobs as JSON text ($1), which postgres.js would send as a JSON string: it gets the array itself.
    const param = (value: unknown, i: number) => (i === 0 && typeof value === "string" ? JSON.parse(value) : (value ?? null));
    const db = {
      executeSql: async (text: string, values: unknown[]) => ({ rows: [...(await tx.unsafe(text, values.map(param) as never[]))] }),
    };
    for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000), { db } as never);
  });
  const started = performance.now();
  for (;;) {
    const { pending, failed } = await pendingCount(sql, name, ids);
    if (pending === 0) return { seconds: (performance.now() - started) / 1000, failed };
    if (performance.now() - started > DRAIN_LIMIT_MS) return { seconds: null, failed };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Emails of these outbox rows received more than once, from the catcher's log; null without it. */
async function emailsReceivedTwice(stackDataDir: string | undefined, outboxIds: string[]): Promise<number | null> {
  if (!stackDataDir) return null;
  const log = await readFile(path.join(stackDataDir, "mail", "messages.jsonl"), "utf8").catch(() => null);
  if (log === null) return null;
  const wanted = new Set(outboxIds.map((id) => `<${id}@outbox.${site.domain}>`));
  const seen = new Map<string, number>();
  for (const line of log.split("\n")) {
    const match = /"messageId":"([^"]+)"/.exec(line);
    if (match?.[1] && wanted.has(match[1])) seen.set(match[1], (seen.get(match[1]) ?? 0) + 1);
  }
  return [...seen.values()].reduce((sum, n) => sum + (n - 1), 0);
}

const result = (
  queued: number,
  drained: { seconds: number | null; failed: number },
  workerProcesses: number,
  duplicates: number | null,
  note: string,
): DrainResult => ({
  queued,
  drainSeconds: drained.seconds === null ? null : Math.round(drained.seconds * 10) / 10,
  perSecond: drained.seconds === null ? null : Math.round(queued / drained.seconds),
  failed: drained.failed,
  workerProcesses,
  duplicates,
  note,
});

/**
 * Queues JOB_BACKLOG emails and JOB_BACKLOG Stripe events, each backlog alone, and times their
 * draining. bench/run.ts: `measureJobDrain(databaseUrl, { env, stackDataDir: stack.dataDir })`.
 */
export async function measureJobDrain(databaseUrl: string, options: JobDrainOptions = {}): Promise<Record<string, DrainResult>> {
  const extra = options.env ? (options.extraWorkers ?? 2) : 0;
  const workerProcesses = extra + (options.runningWorkers ?? 0);
  // Started first: a worker installs the engine's schema and queues if the app has not yet.
  const workers: WorkerSet | null =
    extra > 0 ? await startWorkers(extra, { ...options.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" }) : null;
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const boss = new PgBoss({ connectionString: databaseUrl, schema: JOB_SCHEMA, max: 2, migrate: false, supervise: false, schedule: false });
  try {
    await boss.start();
    const run = Date.now().toString(36);
    const outboxIds = Array.from({ length: JOB_BACKLOG }, () => randomUUID());
    const emails = await drain(
      sql,
      boss,
      "send-email",
      outboxIds.map((outboxId) => ({ outboxId })),
      async (tx) => {
        await tx`
        insert into public.email_outbox (id, kind, recipient, data)
        select id, 'newsletter-welcome', 'bench-drain-' || ${run} || '-' || n || '@example.com', '{}'::jsonb
        from unnest(${outboxIds}::uuid[]) with ordinality as t(id, n)`;
      },
    );
    const events = Array.from({ length: JOB_BACKLOG }, (_, n) => {
      const id = `evt_bench${run}${n}`;
      return {
        id,
        payload: {
          id,
          object: "event",
          type: "checkout.session.expired",
          data: { object: { id: `cs_bench${run}${n}`, object: "checkout.session", metadata: {} } },
        },
      };
    });
    const webhooks = await drain(
      sql,
      boss,
      "stripe-event",
      events.map((e) => ({ eventId: e.id })),
      async (tx) => {
        for (let i = 0; i < events.length; i += 1000) {
          const rows = events.slice(i, i + 1000).map((e) => ({ id: e.id, type: "checkout.session.expired", payload: tx.json(e.payload) }));
          await tx`insert into public.stripe_events ${tx(rows, "id", "type", "payload")}`;
        }
      },
    );
    const [handledTwice] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.stripe_events where id = any(${events.map((e) => e.id)}) and attempts > 1`;
    return {
      "send-email": result(
        JOB_BACKLOG,
        emails,
        workerProcesses,
        await emailsReceivedTwice(options.stackDataDir, outboxIds),
        "outbox emails (newsletter welcome): rendered, sent to the mail catcher, marked sent; duplicates: emails the catcher received twice",
      ),
      "stripe-event": result(
        JOB_BACKLOG,
        webhooks,
        workerProcesses,
        handledTwice?.n ?? null,
        "stored Stripe events (checkout.session.expired of no order): dispatched and marked processed; duplicates: events handled twice",
      ),
    };
  } finally {
    await workers?.stop();
    await boss.stop({ graceful: false, wait: true });
    await sql.end();
  }
}
