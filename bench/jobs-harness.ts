// The job engine's drain without a build or the bench runner (D16): a scratch database on a
// PostgreSQL server, the local mail catcher, N `npm run worker` processes, then a backlog of
// outbox emails queued through the product's own path (queueEmail) and a backlog of stored Stripe
// events, each timed from its commit to its last job done, and checked: every email received once,
// every event processed once.
//
//   npx tsx --import ./scripts/server-only-hook.mjs bench/jobs-harness.ts [--workers=2] [--emails=10000]
//     [--events=10000] [--server=postgres://postgres@127.0.0.1:5432/postgres] [--cpu-prof=DIR] [--node-env=production]
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import nextEnv from "@next/env";
import postgres from "postgres";
import { MailStore, type CaughtMail } from "../local/mail/mail-store";
import { startSmtpCatcher } from "../local/mail/smtp-catcher";
import { site } from "../lib/site";
import { migrate } from "../scripts/migrate";
import { startWorkers, type WorkerSet } from "./job-workers";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const WORKERS = Number(args.get("workers") ?? 2);
const EMAILS = Number(args.get("emails") ?? 10_000);
const EVENTS = Number(args.get("events") ?? 10_000);
const SERVER = args.get("server") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CPU_PROF = args.get("cpu-prof");
// As `next start` and `npm run worker:production` run (React's production build renders the emails).
const NODE_ENV = args.get("node-env") ?? "production";

/** The catcher's store, counting every message received by its Message-ID (it keeps only the last 500). */
class CountingStore extends MailStore {
  readonly received = new Map<string, number>();
  override async add(message: CaughtMail): Promise<void> {
    const key = message.messageId ?? message.id;
    this.received.set(key, (this.received.get(key) ?? 0) + 1);
    await super.add(message);
  }
}

async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** CPU seconds (user + system) a process used so far, from /proc (Linux); 0 elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const name = `gc_jobsbench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const store = new CountingStore();
  const catcher = await startSmtpCatcher(0, store);
  let workers: WorkerSet | null = null;
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    await migrate(sql);
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, JOB_WORKERS: "off", LOG_LEVEL: "warn" };
    const workerEnv = { ...env, NODE_ENV };
    Object.assign(process.env, env);
    nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
    const { startJobEngine, stopJobEngine } = await import("../server/jobs/job-engine");
    const { db, closeDb } = await import("../server/db/client");
    const { queueEmail } = await import("../server/email/outbox");
    const { enqueueJob } = await import("../server/jobs/enqueue-job");
    await startJobEngine();
    workers = await startWorkers(WORKERS, workerEnv, CPU_PROF);
    console.log(`[jobs] ${WORKERS} worker process(es) ready on ${name}`);

    const pending = async (queue: string) => {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from pgboss.job where name = ${queue} and state in ('created', 'retry', 'active')`;
      return row?.n ?? 0;
    };
    // The machine may be shared: the workers' own CPU time per job is measured besides the wall clock.
    // So is everything a job costs: the workers, this process (the mail catcher, and the polling) and
    // the database's backends serving this database (their CPU seen in /proc, PostgreSQL on this host).
    const workerCpu = () => workers?.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) ?? 0;
    const backendCpu = async () => {
      const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`;
      return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
    };
    const ownCpu = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1e6;
    };
    const perJob = (seconds: number, count: number) => (count ? round((seconds * 1000) / count) : null);
    const drain = async (queue: string, count: number) => {
      const started = performance.now();
      const [workersBefore, ownBefore, backendsBefore] = [workerCpu(), ownCpu(), await backendCpu()];
      const done = await waitFor(async () => (await pending(queue)) === 0, 15 * 60_000);
      const seconds = (performance.now() - started) / 1000;
      let database = 0;
      for (const [pid, after] of await backendCpu()) database += after - (backendsBefore.get(pid) ?? 0);
      return {
        seconds: done ? seconds : null,
        workerCpuMsPerJob: perJob(workerCpu() - workersBefore, count),
        catcherCpuMsPerJob: perJob(ownCpu() - ownBefore, count),
        databaseCpuMsPerJob: perJob(database, count),
      };
    };

    // Emails: queued as the product queues them, in one transaction so the backlog lands at once.
    let queueStarted = performance.now();
    await db().begin(async (tx) => {
      for (let n = 0; n < EMAILS; n += 1) await queueEmail(tx, { kind: "newsletter-welcome", to: `drain-${n}@example.com`, data: {} });
    });
    console.log(`[jobs] ${EMAILS} emails queued in ${round((performance.now() - queueStarted) / 1000)} s`);
    const emailDrain = await drain("send-email", EMAILS);
    const emailSeconds = emailDrain.seconds;

    // Stripe events: stored with their job as the webhook stores one (storeStripeEvent), all in one transaction.
    queueStarted = performance.now();
    const run = Date.now().toString(36);
    await db().begin(async (tx) => {
      for (let n = 0; n < EVENTS; n += 1) {
        const id = `evt_drain${run}${n}`;
        const payload = {
          id,
          object: "event",
          type: "checkout.session.expired",
          data: { object: { id: `cs_drain${run}${n}`, object: "checkout.session", metadata: {} } },
        };
        await tx`insert into public.stripe_events (id, type, payload) values (${id}, ${payload.type}, ${tx.json(payload as never)})`;
        await enqueueJob(tx, "stripe-event", { eventId: id });
      }
    });
    console.log(`[jobs] ${EVENTS} Stripe events stored in ${round((performance.now() - queueStarted) / 1000)} s`);
    const eventDrain = await drain("stripe-event", EVENTS);
    const eventSeconds = eventDrain.seconds;

    const [outbox] = await sql<{ sent: number; failed: number; retried: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where attempts > 1)::int as retried
      from public.email_outbox`;
    const ids = await sql<{ id: string }[]>`select id from public.email_outbox`;
    // Each row's Message-ID is its own (outbox.ts): a row received twice is an email sent twice.
    let received = 0;
    let distinct = 0;
    for (const { id } of ids) {
      const count = store.received.get(`<${id}@outbox.${site.domain}>`) ?? 0;
      received += count;
      if (count > 0) distinct += 1;
    }
    const totalReceived = [...store.received.values()].reduce((a, b) => a + b, 0);
    const [events] = await sql<{ processed: number; twice: number; failed: number }[]>`
      select count(*) filter (where processed_at is not null)::int as processed, count(*) filter (where attempts > 1)::int as twice,
        count(*) filter (where last_error is not null)::int as failed
      from public.stripe_events`;
    const jobs = await sql<
      { name: string; state: string; n: number }[]
    >`select name, state::text, count(*)::int as n from pgboss.job where name in ('send-email', 'stripe-event') group by 1, 2 order by 1, 2`;
    const report = {
      workers: WORKERS,
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
      emails: {
        queued: EMAILS,
        drainSeconds: emailSeconds && round(emailSeconds),
        perSecond: emailSeconds && Math.round(EMAILS / emailSeconds),
        workerCpuMsPerJob: emailDrain.workerCpuMsPerJob,
        catcherAndHarnessCpuMsPerJob: emailDrain.catcherCpuMsPerJob,
        databaseCpuMsPerJob: emailDrain.databaseCpuMsPerJob,
        outboxSent: outbox?.sent,
        outboxFailed: outbox?.failed,
        outboxAttemptedTwice: outbox?.retried,
        catcherReceived: totalReceived,
        matchedRows: distinct,
        duplicates: received - distinct,
      },
      stripeEvents: {
        queued: EVENTS,
        drainSeconds: eventSeconds && round(eventSeconds),
        perSecond: eventSeconds && Math.round(EVENTS / eventSeconds),
        workerCpuMsPerJob: eventDrain.workerCpuMsPerJob,
        harnessCpuMsPerJob: eventDrain.catcherCpuMsPerJob,
        databaseCpuMsPerJob: eventDrain.databaseCpuMsPerJob,
        processed: events?.processed,
        attemptedTwice: events?.twice,
        failed: events?.failed,
      },
      jobs,
    };
    console.log(JSON.stringify(report, null, 2));
    await stopJobEngine();
    await closeDb();
  } finally {
    await workers?.stop();
    await sql.end();
    await catcher.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
process.exit(0);
