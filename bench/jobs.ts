import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import postgres from "postgres";

// The job engine's throughput (D16): a backlog queued at once, then drained by the running app's
// own workers (in-process, the default). Emails go through the whole outbox path (render, SMTP to
// the mail catcher, state recorded); Stripe events through storage, dispatch and their handler (a
// checkout.session.expired of no order: the engine and dispatch, not a fulfilment's Stripe calls).

export const JOB_BACKLOG = 10_000;

export type DrainResult = {
  queued: number;
  /** Seconds from the backlog being committed to its last job finishing. */
  drainSeconds: number | null;
  perSecond: number | null;
  failed: number;
  note: string;
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

async function drain(sql: postgres.Sql, boss: PgBoss, name: string, data: Record<string, string>[]): Promise<{ seconds: number | null; failed: number }> {
  const jobs = data.map((d) => ({ id: randomUUID(), name, data: d }));
  const ids = jobs.map((j) => j.id);
  for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
  const started = performance.now();
  for (;;) {
    const { pending, failed } = await pendingCount(sql, name, ids);
    if (pending === 0) return { seconds: (performance.now() - started) / 1000, failed };
    if (performance.now() - started > DRAIN_LIMIT_MS) return { seconds: null, failed };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const result = (queued: number, drained: { seconds: number | null; failed: number }, note: string): DrainResult => ({
  queued,
  drainSeconds: drained.seconds === null ? null : Math.round(drained.seconds * 10) / 10,
  perSecond: drained.seconds === null ? null : Math.round(queued / drained.seconds),
  failed: drained.failed,
  note,
});

/** Queues JOB_BACKLOG emails and JOB_BACKLOG Stripe events, each backlog alone, and times their draining. */
export async function measureJobDrain(databaseUrl: string): Promise<Record<string, DrainResult>> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const boss = new PgBoss({ connectionString: databaseUrl, schema: JOB_SCHEMA, max: 2, migrate: false, supervise: false, schedule: false });
  await boss.start();
  try {
    const run = Date.now().toString(36);
    const outbox = await sql<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, data)
      select 'newsletter-welcome', 'bench-drain-' || ${run} || '-' || n || '@example.com', '{}'::jsonb from generate_series(1, ${JOB_BACKLOG}) n
      returning id`;
    const emails = await drain(sql, boss, "send-email", outbox.map((row) => ({ outboxId: row.id })));
    const events = Array.from({ length: JOB_BACKLOG }, (_, n) => {
      const id = `evt_bench${run}${n}`;
      return { id, payload: { id, object: "event", type: "checkout.session.expired", data: { object: { id: `cs_bench${run}${n}`, object: "checkout.session", metadata: {} } } } };
    });
    for (let i = 0; i < events.length; i += 1000) {
      const rows = events.slice(i, i + 1000).map((e) => ({ id: e.id, type: "checkout.session.expired", payload: sql.json(e.payload) }));
      await sql`insert into public.stripe_events ${sql(rows, "id", "type", "payload")}`;
    }
    const webhooks = await drain(sql, boss, "stripe-event", events.map((e) => ({ eventId: e.id })));
    return {
      "send-email": result(JOB_BACKLOG, emails, "outbox emails (newsletter welcome): rendered, sent to the mail catcher, marked sent"),
      "stripe-event": result(JOB_BACKLOG, webhooks, "stored Stripe events (checkout.session.expired of no order): dispatched and marked processed"),
    };
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await sql.end();
  }
}
