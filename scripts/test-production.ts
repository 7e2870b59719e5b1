// npm run test:production: the production build as a host runs it. The build `npm run build` made
// (the end-to-end stage's, reused) is copied into a temporary folder with production dependencies
// only (`npm install --omit=dev`: no tsx, no PGlite), then `next start` serves it beside the compiled
// job worker (`node .next/worker.mjs`), against a fresh database on the PostgreSQL server
// (TEST_DATABASE_URL; unset: the stack's PGlite) and the mail, Auth, Stripe and Telegram stand-ins
// run as outside services on free ports. It checks that the worker starts and that a page and
// /api/health answer (health needs the worker's heartbeat), and that the operator's commands run.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import nextEnv from "@next/env";
import { healthSchema } from "@/lib/health/health-schema";
import { createBenchDatabase } from "../bench/postgres";
import { cleanupAll, freePort, installSignalHandlers, onCleanup, runToCompletion, startProcess } from "../bench/proc";
import { startNext, startStack } from "../bench/server";

const root = process.cwd();
const started = Date.now();
const say = (line: string) => console.log(`[production] ${line} (${Math.round((Date.now() - started) / 1000)} s)`);

/** The dev-only packages `npm start`'s embedded stack runs on: a production install has neither. */
const DEV_ONLY = ["tsx", "@electric-sql/pglite"];

if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !["worker", "operator", "payouts"].every((name) => existsSync(path.join(root, ".next", `${name}.mjs`)))) {
  console.error("No production build found: run `npm run build` first (`npm test` builds it in its end-to-end stage).");
  process.exit(1);
}

installSignalHandlers();

// Not shipped to a host (as .dockerignore): dependencies, builds, local data and the .env files of
// local values. .next is copied on its own, without its cache.
const NOT_SHIPPED = new Set([
  "node_modules", ".next", ".git", ".local", "test-results", "playwright-report", "coverage", "tsconfig.tsbuildinfo",
]);
const shipped = (name: string): boolean => !NOT_SHIPPED.has(name) && !(name.startsWith(".env") && name !== ".env.example");

/** Copies what a production host gets: the sources (next.config.ts imports some) and the build without its cache. */
function productionFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "production-"));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  onCleanup({ name: "production folder", stop: () => Promise.resolve(remove()), stopNow: remove });
  for (const entry of readdirSync(root).filter(shipped)) {
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  const cache = path.join(root, ".next", "cache");
  cpSync(path.join(root, ".next"), path.join(dir, ".next"), { recursive: true, filter: (source) => source !== cache });
  return dir;
}

async function check(name: string, run: () => Promise<void>): Promise<void> {
  await run();
  say(`ok: ${name}`);
}

async function main(): Promise<void> {
  // The stand-ins on free ports, never the embedded stack's defaults or the end-to-end suite's.
  for (const name of ["LOCAL_DB_PORT", "LOCAL_AUTH_PORT", "LOCAL_SMTP_PORT", "LOCAL_INBOX_PORT", "LOCAL_STRIPE_PORT", "LOCAL_TELEGRAM_PORT"]) {
    process.env[name] = String(await freePort());
  }
  process.env.LOCAL_STRIPE_TIME_SCALE = "1";
  // A fresh database on the PostgreSQL server, or without one the stack's PGlite (as integration tests do).
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const stack = await startStack(root, database?.url);
  const databaseUrl = database?.url ?? stack.appEnv.DATABASE_URL;
  if (!databaseUrl) throw new Error("the stack gave no DATABASE_URL");
  say(`database (${database ? "PostgreSQL" : "PGlite"}) and stand-ins ready`);
  // The committed local keys (.env), which the stand-ins accept, as a host's environment would give
  // them; read only now, as the stack moves a service's URL only while the environment has none.
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });

  const dir = productionFolder();
  await runToCompletion({
    name: "npm install --omit=dev",
    command: "npm",
    args: ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"],
    cwd: dir,
  });
  const devOnly = DEV_ONLY.filter((name) => existsSync(path.join(dir, "node_modules", name)));
  if (devOnly.length > 0) throw new Error(`the production install holds dev-only packages: ${devOnly.join(", ")}`);
  say("production dependencies installed");

  const env: Record<string, string> = {
    ...stack.appEnv,
    DATABASE_URL: databaseUrl,
    // The web process only queues work; the worker process runs it (README: Deploy).
    JOB_WORKERS: "off",
    TRUSTED_CLIENT_IP_HEADER: "x-forwarded-for",
  };
  const worker = startProcess({
    name: "worker",
    command: process.execPath,
    args: [path.join(".next", "worker.mjs")],
    cwd: dir,
    env: { ...process.env, ...env, NODE_ENV: "production" },
  });
  // The worker first: it installs the job engine's queues, so this check does not hang on the race
  // of two instances installing at once (tests/integration/jobs/job-engine-install.test.ts has it).
  await check("the compiled worker starts its job workers", async () => {
    await worker.waitForLine((line) => line.includes("Job workers started"), 60_000);
  });
  const app = await startNext(dir, dir, "production app", env);
  await check("GET / serves the home page", async () => {
    const response = await fetch(`${app.baseUrl}/`);
    const html = await response.text();
    if (response.status !== 200 || !html.includes("Glucose")) {
      throw new Error(`GET / answered ${response.status}: ${html.slice(0, 300)}`);
    }
  });
  await check("GET /api/health reports the database and job workers ok", async () => {
    const response = await fetch(`${app.baseUrl}/api/health`);
    const body: unknown = await response.json();
    const health = healthSchema.safeParse((body as { data?: unknown }).data);
    if (response.status !== 200 || !health.success) {
      throw new Error(`GET /api/health answered ${response.status}: ${JSON.stringify(body)}`);
    }
  });
  // The operator's commands, compiled too: each reads the database and answers as it does in development.
  const command = (name: string, args: string[]) =>
    promisify(execFile)(process.execPath, [path.join(".next", `${name}.mjs`), ...args], {
      cwd: dir,
      env: { ...process.env, ...env, NODE_ENV: "production" },
      timeout: 60_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
    );
  await check("the compiled operator command looks the member up", async () => {
    const { code, stdout, stderr } = await command("operator", ["grant", "nobody@example.com"]);
    if (code !== 1 || !stdout.includes("No account has the email nobody@example.com")) {
      throw new Error(`the operator command exited ${code}: ${stdout}${stderr}`);
    }
  });
  await check("the compiled payout run exports the due commission", async () => {
    const { code, stdout, stderr } = await command("payouts", ["--export", "-"]);
    if (code !== 0 || !stdout.startsWith("affiliate_user_id,email,affiliate_code,amount,currency,entries")) {
      throw new Error(`the payout run exited ${code}: ${stdout}${stderr}`);
    }
  });
}

try {
  await main();
  say("the production build serves with production dependencies only");
} catch (error) {
  console.error(`[production] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
