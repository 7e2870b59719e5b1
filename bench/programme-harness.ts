// The programme bench without a build or the bench runner: a scratch database on a PostgreSQL
// server, the embedded stack (its Telegram stand-in with Telegram's limits), N `npm run worker`
// processes (their schedule ticks programme-rhythm every minute), then bench/programme.ts's members,
// tick and drain. No web app runs, so no request figures: `npm run bench -- --only=programme` has them.
//
//   npx tsx bench/programme-harness.ts [--members=10000] [--workers=1] [--server=postgres://postgres@127.0.0.1:5432/postgres]
//
// Set LOCAL_DB_PORT, LOCAL_SMTP_PORT, LOCAL_AUTH_PORT, LOCAL_STRIPE_PORT, LOCAL_TELEGRAM_PORT (and
// LOCAL_INBOX_PORT) to run beside a dev stack on the default ports.
import nextEnv from "@next/env";
import path from "node:path";
import { cleanupAll, installSignalHandlers } from "../tests/harness/processes";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "../tests/harness/scratch-database";
import { startStack } from "../tests/harness/stack";
import { startWorkers } from "./job-workers";
import { DEFAULT_LOAD } from "./load";
import { measureProgramme, PROGRAMME_MEMBERS } from "./programme";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const members = Number(args.get("members") ?? PROGRAMME_MEMBERS);
const workers = Number(args.get("workers") ?? 1);
const server = args.get("server") ?? DEFAULT_POSTGRES_URL;

async function main(): Promise<void> {
  installSignalHandlers();
  const env = { ...nextEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error }).combinedEnv };
  nextEnv.resetEnv();
  const database = await createScratchDatabase(server, { prefix: "programme" });
  const stack = await startStack(ROOT, database.url);
  const appEnv: Record<string, string | undefined> = { ...env, ...stack.appEnv, DATABASE_URL: database.url };
  const workerSet = await startWorkers(workers, { ...appEnv, NODE_ENV: "production", LOG_LEVEL: "warn" });
  try {
    const report = await measureProgramme(null, database.url, appEnv.TELEGRAM_API_URL ?? "http://localhost:54330", DEFAULT_LOAD, members);
    console.log(JSON.stringify({ ...report, before: undefined, meanwhile: undefined, workers }, null, 2));
  } finally {
    await workerSet.stop();
    await stack.stop();
    await database.drop();
  }
}

main()
  .then(async () => {
    await cleanupAll();
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    console.error(`[programme] failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanupAll();
    process.exit(1);
  });
