import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type postgres from "postgres";
import { onCleanup, sleep } from "../tests/harness/processes";

// `npm run worker` processes (scripts/worker.ts through tsx, as package.json runs it) for the job
// engine's drain measurements: started on a given environment, ready once their workers poll.

const ROOT = path.resolve(import.meta.dirname, "..");
const READY_LINE = '"message":"Job workers started"';

export type WorkerSet = { pids: number[]; stop: () => Promise<void> };

function startOne(env: Record<string, string | undefined>, cpuProfDir?: string): Promise<ChildProcess> {
  const profile = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, "--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/worker.ts"],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, JOB_WORKERS: "in-process", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        // Past start-up only warnings and errors matter; the rest is drained unread.
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (/error/i.test(text)) process.stderr.write(`[worker ${child.pid}] ${text}`);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}) before it started:\n${output}`));
    });
  });
}

/**
 * Starts `count` worker processes; stop() ends them with SIGTERM (running jobs finish) and waits.
 * Registered for the bench's clean-up, so a failed run does not leave them draining.
 */
export async function startWorkers(count: number, env: Record<string, string | undefined>, cpuProfDir?: string): Promise<WorkerSet> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startOne(env, cpuProfDir)));
  const children = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const stop = async () => {
    unregister();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  };
  const unregister = onCleanup({ name: "worker processes", stop, stopNow: () => children.forEach((child) => child.kill("SIGKILL")) });
  // One that did not start takes the others down with it, rather than leaving them draining.
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { pids: children.map((c) => c.pid ?? 0), stop };
}

/**
 * Waits until the job engine has nothing left to run (`queue`'s jobs only, when named): none created,
 * retrying or active. Answers the seconds it took, or null when work was still left after `seconds`.
 */
export async function jobsDrained(sql: postgres.Sql, seconds: number, queue?: string): Promise<number | null> {
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
      where state in ('created', 'retry', 'active') ${queue ? sql`and name = ${queue}` : sql``}`;
    if (!row?.n) return Math.round((performance.now() - started) / 100) / 10;
    if (Date.now() > deadline) return null;
    await sleep(250);
  }
}
