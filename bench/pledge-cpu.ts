// CPU per pledge, per process, from /proc (Linux): what a pledge (POST /api/campaign/pledges, kept
// with its confirmation email queued) costs until its email is sent, in the web process, the
// worker, the PostgreSQL backends of the database and the mail stand-in. CPU time, unlike wall
// time, does not grow when other work shares the machine.
//
// measurePledgeCpu() is the measurement (bench/run.ts on --postgres). Run alone, it starts what it
// measures from this tree's production build (`next build` first) on a scratch database:
//
//   npx tsx --import ./scripts/server-only-hook.mjs bench/pledge-cpu.ts [--pledges=1000] [--concurrency=4]
//     [--server=postgres://postgres@127.0.0.1:5432/postgres] [--cpu-prof=DIR] (the web process's and the worker's profiles)
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { freePort, sleep, startProcess } from "../tests/harness/processes";
import { baseEnv, bin } from "../tests/harness/stack";
import { goal, type Goal } from "./goals";
import { jobsDrained, startWorkers } from "./job-workers";

const ROOT = path.resolve(import.meta.dirname, "..");

/** A pledge's CPU across every process, its email sent (ms): half of the 14 ms it took before. */
export const PLEDGE_CPU_MAX_MS = 7;

export type PledgeCpuProcesses = { web: number[]; worker: number[]; mail: number[] };

export type PledgeCpuResult = {
  pledges: number;
  /** Pledges answered 202 (each sent its confirmation email). */
  accepted: number;
  emailsSent: number;
  /** CPU ms per accepted pledge, per process, and all of them together. */
  msPerPledge: { web: number; worker: number; postgres: number; mail: number; total: number } | null;
  /** CPU ms over the whole load, per process. */
  totalMs: { web: number; worker: number; postgres: number; mail: number };
  note: string;
};

/** Each process's parent, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      map.set(Number(entry), Number(fields[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  return map;
}

/** A process's CPU time so far in ms (user and system); 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The processes and all their descendants (`next start` serves from a child process), each with its CPU ms. */
function treeCpu(roots: number[]): Map<number, number> {
  const parentOf = parents();
  const inTree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (inTree.has(parent) && !inTree.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return new Map([...inTree].map((pid) => [pid, cpuMs(pid)]));
}

/** The database's backends (not this connection's), with their CPU ms. */
async function backendCpu(sql: postgres.Sql): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

/** CPU spent between two readings; a process that appeared meanwhile counts from 0. */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

async function sendPledges(baseUrl: string, count: number, concurrency: number, tag: string): Promise<number> {
  let next = 0;
  let accepted = 0;
  const client = async () => {
    for (let n = next++; n < count; n = next++) {
      const address = `10.${80 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await fetch(new URL("/api/campaign/pledges", baseUrl), {
          method: "POST",
          headers: { "content-type": "application/json", "x-real-ip": address },
          body: JSON.stringify({ name: "Cpu Pledger", email: `cpu-${tag}-${n}@example.com` }),
        });
        await response.arrayBuffer();
        if (response.status === 202) accepted += 1;
        if (response.status !== 503 && response.status !== 429) break;
        await sleep(200);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return accepted;
}

/** Waits until every campaign confirmation email of the run is sent (or failed), up to 5 minutes. */
async function emailsDone(sql: postgres.Sql, tag: string, expected: number): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const [row] = await sql<{ sent: number; open: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'queued')::int as open
      from public.email_outbox where recipient like ${`cpu-${tag}-%`}`;
    if ((row && row.open === 0 && row.sent >= expected) || Date.now() > deadline) return row?.sent ?? 0;
    await sleep(100);
  }
}

/** The local stack's process under this one (its mail catcher among the other stand-ins), by its command line. */
export function localStackPids(): number[] {
  const parentOf = parents();
  const mine = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...parentOf.keys()].filter((pid) => {
    try {
      return mine(pid) && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("local/launcher.ts");
    } catch {
      return false;
    }
  });
}

export function pledgeCpuGoals(result: PledgeCpuResult | null | undefined): Goal[] {
  if (!result) return [];
  return [goal("CPU per pledge, its email sent (all processes, ms)", result.msPerPledge?.total, "<=", PLEDGE_CPU_MAX_MS)];
}

/** The report's lines: each process's CPU per pledge. */
export function printPledgeCpu(result: PledgeCpuResult): void {
  const per = result.msPerPledge;
  console.log(
    `\nCPU per pledge (ms, /proc): ${
      per ? `web ${per.web}, worker ${per.worker}, PostgreSQL ${per.postgres}, mail ${per.mail}: ${per.total} in all` : "not measured"
    } (${result.accepted} of ${result.pledges} pledges taken in, ${result.emailsSent} emails sent)`,
  );
}

/**
 * `pledges` pledges from `concurrency` clients (each a new address and email), then every
 * confirmation email sent; the CPU each process spent meanwhile, per pledge. Nothing else should
 * run on these processes during it.
 */
export async function measurePledgeCpu(
  baseUrl: string,
  databaseUrl: string,
  processes: PledgeCpuProcesses,
  pledges = 1000,
  concurrency = 4,
): Promise<PledgeCpuResult> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const tag = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
    // The jobs of earlier loads are done first: the worker's CPU is then this load's.
    await jobsDrained(sql, 300);
    // Warm-up: the first requests compile and connect.
    await sendPledges(baseUrl, 40, concurrency, `${tag}w`);
    await emailsDone(sql, `${tag}w`, 1);
    const before = {
      web: treeCpu(processes.web),
      worker: treeCpu(processes.worker),
      mail: treeCpu(processes.mail),
      postgres: await backendCpu(sql),
    };
    const accepted = await sendPledges(baseUrl, pledges, concurrency, tag);
    const emailsSent = await emailsDone(sql, tag, accepted);
    const totalMs = {
      web: spent(before.web, treeCpu(processes.web)),
      worker: spent(before.worker, treeCpu(processes.worker)),
      postgres: spent(before.postgres, await backendCpu(sql)),
      mail: spent(before.mail, treeCpu(processes.mail)),
    };
    const per = (ms: number) => Math.round((ms / accepted) * 100) / 100;
    return {
      pledges,
      accepted,
      emailsSent,
      msPerPledge: accepted
        ? {
            web: per(totalMs.web),
            worker: per(totalMs.worker),
            postgres: per(totalMs.postgres),
            mail: per(totalMs.mail),
            total: per(totalMs.web + totalMs.worker + totalMs.postgres + totalMs.mail),
          }
        : null,
      totalMs: {
        web: Math.round(totalMs.web),
        worker: Math.round(totalMs.worker),
        postgres: Math.round(totalMs.postgres),
        mail: Math.round(totalMs.mail),
      },
      note: `${pledges} pledges from ${concurrency} clients, then their confirmation emails sent: CPU (user + system, /proc) of the web process(es), the worker(s), the database's backends and the mail stand-in${processes.mail.length ? "" : " (not measured: not a process of its own)"}`,
    };
  } finally {
    await sql.end();
  }
}

/** The mail stand-in as a process of its own (`--catcher`): prints its port. */
async function runCatcher(): Promise<void> {
  const { MailStore } = await import("../local/mail/mail-store");
  const { startSmtpCatcher } = await import("../local/mail/smtp-catcher");
  const catcher = await startSmtpCatcher(0, new MailStore());
  console.log(`catcher port ${catcher.port}`);
}

async function main(): Promise<void> {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
  if (args.has("catcher")) return runCatcher();
  const server = args.get("server") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `gc_pledgecpu_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const stops: (() => Promise<void>)[] = [];
  try {
    const { migrate } = await import("../scripts/migrate");
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await migrate(sql);
    await sql.end();
    const catcher = startProcess({
      name: "mail stand-in",
      command: process.execPath,
      args: ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "bench/pledge-cpu.ts", "--catcher"],
      cwd: ROOT,
    });
    stops.push(catcher.stop);
    const smtpPort = Number((await catcher.waitForLine((line) => line.startsWith("catcher port"), 60_000)).split(" ").pop());
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: "warn" };
    const profileDir = args.get("cpu-prof");
    const worker = await startWorkers(1, { ...env, NODE_ENV: "production" }, profileDir);
    stops.push(worker.stop);
    const port = await freePort();
    // Profiled, `next start` runs under node itself (NODE_OPTIONS may not carry --cpu-prof).
    const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
    const web = startProcess({
      name: "web",
      command: profileDir ? process.execPath : bin(ROOT, "next"),
      args: [
        ...(profileDir ? [...profile, path.join(ROOT, "node_modules", "next", "dist", "bin", "next")] : []),
        "start",
        "-p",
        String(port),
        "-H",
        "127.0.0.1",
      ],
      cwd: ROOT,
      env: { ...baseEnv(), ...env, JOB_WORKERS: "off" },
    });
    stops.push(web.stop);
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      const ok = await fetch(`${baseUrl}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 200) throw new Error(`the web process did not start:\n${web.tail()}`);
      await sleep(300);
    }
    const result = await measurePledgeCpu(
      baseUrl,
      databaseUrl,
      { web: [web.child.pid ?? 0], worker: worker.pids, mail: [catcher.child.pid ?? 0] },
      Number(args.get("pledges") ?? 1000),
      Number(args.get("concurrency") ?? 4),
    );
    console.log(JSON.stringify({ tree: ROOT, loadAverage: readFileSync("/proc/loadavg", "utf8").trim(), ...result }, null, 2));
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, "bench", "pledge-cpu.ts")) {
  await main();
  if (!process.argv.includes("--catcher")) process.exit(0);
}
