// Pledge confirmations at a peak: `--connections` visitors (default 200) use their confirmation
// links at once, as after a burst of pledges, against the app's own confirmation code and a pool
// of DATABASE_POOL_MAX connections (default 10, the web process's) on a fresh PostgreSQL database.
// Reports confirmations/s, the latency of each, the web process's CPU per confirmation, and checks
// the numbering (1..N, no gap, no repeat), that each confirmer was told their number and that each
// pledge's badge email was queued once. PostgreSQL's CPU is its backends' for the app's pool, read
// from /proc (Linux) once the run is over: those connections did nothing else.
//
//   tsx --import ./scripts/server-only-hook.mjs bench/confirmations.ts [--pledges=3000] [--connections=200] [--postgres=URL]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "../tests/harness/scratch-database";

const { values } = parseArgs({
  options: {
    pledges: { type: "string", default: "3000" },
    connections: { type: "string", default: "200" },
    postgres: { type: "string", default: DEFAULT_POSTGRES_URL },
  },
});
const pledges = Number(values.pledges);
const connections = Number(values.connections);

const database = await createScratchDatabase(values.postgres, { prefix: "bench_confirm" });
Object.assign(process.env, {
  DATABASE_URL: database.url,
  DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "10",
  DATABASE_PREPARE: "true",
  JOB_WORKERS: "off",
  LOG_LEVEL: "warn",
  SUPABASE_SERVICE_ROLE_KEY: "bench-service-role-key-000000",
  STRIPE_SECRET_KEY: "sk_test_bench00000000",
  STRIPE_WEBHOOK_SECRET: "whsec_bench00000000",
  SERVER_SECRET: process.env.SERVER_SECRET ?? "bench-server-secret-0000000000000000000000",
});

const { startJobEngine, stopJobEngine } = await import("../server/jobs/job-engine");
const { closeDb } = await import("../server/db/client");
const { confirmSubmission } = await import("../server/campaign/confirmations");
const { confirmationToken, confirmationTokenHash } = await import("../server/campaign/confirmation-link");
const { emailIdentity } = await import("../lib/email/email-address");

const sql = postgres(database.url, { max: 2, onnotice: () => {} });

/** A process's CPU time so far in ms (user and system, from /proc/<pid>/stat); 0 when it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
try {
  await startJobEngine();
  const tag = `confirm-${Date.now().toString(36)}`;
  const tokens: string[] = [];
  const rows = Array.from({ length: pledges }, (_, i) => {
    const id = crypto.randomUUID();
    tokens.push(confirmationToken(id));
    const email = `${tag}-${i}@example.com`;
    return {
      id,
      token_hash: confirmationTokenHash(id),
      purpose: "pledge",
      email,
      email_identity: emailIdentity(email),
      name: `Confirmer ${i}`,
      expires_at: new Date(Date.now() + 86_400_000),
    };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await sql`insert into public.address_confirmations ${sql(rows.slice(i, i + 1000))}`;
  }
  await sql`vacuum analyze public.address_confirmations`;

  const latencies: number[] = [];
  let told = 0;
  let waiting = 0;
  let failed = 0;
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        const began = performance.now();
        try {
          const result = await confirmSubmission(token);
          if (result.status === "confirmed" && result.pledge) told += 1;
          else if (result.status === "confirmed") waiting += 1;
        } catch (error) {
          failed += 1;
          if (failed <= 3) console.error(error);
        }
        latencies.push(performance.now() - began);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);

  const [numbering] = await sql<{ pledges: number; numbered: number; distinct: number; lowest: number; highest: number }[]>`
    select count(*)::int as pledges, count(pledge_number)::int as numbered, count(distinct pledge_number)::int as distinct,
      coalesce(min(pledge_number), 0)::int as lowest, coalesce(max(pledge_number), 0)::int as highest
    from public.campaign_pledges`;
  const backends = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and application_name = 'glucose-challenge'`;
  const postgresCpuMs = backends.reduce((sum, { pid }) => sum + processCpuMs(pid), 0);
  const [emails] = await sql<{ queued: number; distinct: number }[]>`
    select count(*)::int as queued, count(distinct recipient)::int as distinct
    from public.email_outbox where kind = 'pledge-confirmation'`;
  const n = numbering!;
  const gapless = n.numbered === n.pledges && n.distinct === n.pledges && n.lowest === 1 && n.highest === n.pledges;
  console.log(
    JSON.stringify(
      {
        pledges,
        connections,
        poolMax: Number(process.env.DATABASE_POOL_MAX),
        seconds: Math.round(seconds * 100) / 100,
        confirmationsPerSecond: Math.round((pledges / seconds) * 10) / 10,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        webCpuMsPerConfirmation: Math.round(((cpu.user + cpu.system) / 1000 / pledges) * 100) / 100,
        postgresCpuMsPerConfirmation: Math.round((postgresCpuMs / pledges) * 100) / 100,
        toldTheirNumber: told,
        toldNumberIsComing: waiting,
        failed,
        numbering: { ...n, gapless },
        badgeEmails: emails,
      },
      null,
      2,
    ),
  );
} finally {
  await sql.end();
  await stopJobEngine({ graceful: false });
  await closeDb();
  await database.drop();
}
