import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { loadEverything, type ApiContext, type LoadGroup } from "./apis";
import { localConfig } from "../local/config";
import { pledgeBurst } from "./burst";
import { measureJobDrain } from "./jobs";
import type { LoadOptions, LoadResult } from "./load";
import { captureRoutePlans } from "./plans";
import { compareLoads } from "./scale";
import { writeScaleReport, type ScaleGoal, type ScaleReport } from "./scale-report";
import { scaleGoals } from "./scale-goals";
import { loadScaleSamples } from "./scale-samples";
import { seedScale } from "./scale-seed";
import { startNext, type RunningServer } from "./server";

// `npm run bench -- --scale`: after the loads on the empty database, the seeding step, the same loads
// again, the campaign's peak hour and the job engine's drain at that size, then each route's request
// once more to an app logging its statements, for their plans.

export interface ScaleRun {
  root: string;
  /** The app the empty run was loaded on: stopped here once the loads at scale are done. */
  product: RunningServer;
  /** The environment the app was started with (the stack's moved URLs). */
  appEnv: Record<string, string>;
  ctx: ApiContext;
  load: LoadOptions;
  only?: LoadGroup[];
  empty: Record<string, LoadResult>;
  database: string;
  factor: number;
  reportDir: string;
  /** The stack's data folder (the mail catcher's log, for emails received twice). */
  stackDataDir: string;
  /** Worker processes running beside the app (which then runs none itself). */
  runningWorkers: number;
}

export async function runScale(run: ScaleRun): Promise<ScaleReport> {
  const { ctx } = run;
  console.log(`[bench] --scale: seeding (factor ${run.factor})`);
  const seed = await seedScale(ctx.databaseUrl, { factor: run.factor, log: (message) => console.log(`[bench]   ${message}`) });
  console.log("[bench] --scale: the same loads at scale");
  const scaled = {
    ...(await loadEverything(ctx, run.load, run.only)),
    ...(await loadScaleSamples(ctx.baseUrl, ctx.auth, seed.samples, run.load)),
  };
  const campaign = !run.only || run.only.includes("campaign");
  if (campaign) console.log("[bench] --scale: the campaign's peak hour");
  const mailUrl = `http://127.0.0.1:${localConfig().inboxPort}`;
  // Judged as production takes it, through the cache in front of the web processes (bench/front.ts),
  // then straight to one web process for comparison; without nginx, only straight, and judged so.
  const front = ctx.layout?.front;
  const burstThrough = (baseUrl: string, through: string) => pledgeBurst({ baseUrl, databaseUrl: ctx.databaseUrl, mailUrl, through });
  const cached =
    campaign && front
      ? await burstThrough(front.baseUrl, `nginx's cache in front of ${ctx.layout!.web.length} web processes (docs/deploy.md)`)
      : null;
  const straight = campaign ? await burstThrough(ctx.baseUrl, "straight to one web process, no cache in front") : null;
  const burst = cached ?? straight;
  const burstWithoutCache = cached ? straight : null;
  // As without --scale, a run of some areas (--only) drains no backlog.
  if (!run.only) console.log("[bench] --scale: the job engine drains its backlogs at scale");
  const jobs = run.only
    ? {}
    : await measureJobDrain(ctx.databaseUrl, { env: ctx.env, stackDataDir: run.stackDataDir, runningWorkers: run.runningWorkers });
  await run.product.stop();

  console.log("[bench] --scale: each route's request once more, its statements logged and explained");
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-statements-"));
  const logPath = path.join(dir, "statements.jsonl");
  const capture = await startNext(run.root, run.root, "statement capture", {
    ...run.appEnv,
    DATABASE_STATEMENT_LOG: logPath,
    JOB_WORKERS: "off",
  });
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
  let plans;
  try {
    plans = await captureRoutePlans(capture.baseUrl, logPath, sql, scaled);
  } finally {
    await sql.end();
    await capture.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const routes = compareLoads(run.empty, scaled, plans);
  const goals: ScaleGoal[] = scaleGoals(routes, scaled, burst, jobs);
  const report: ScaleReport = {
    generatedAt: new Date().toISOString(),
    database: run.database,
    node: process.version,
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    settings: { factor: run.factor, load: run.load, ...(run.only ? { only: run.only } : {}) },
    seed,
    routes,
    burst,
    burstWithoutCache,
    jobs,
    goals,
  };
  await writeScaleReport(report, path.join(run.reportDir, "scale-report.md"), path.join(run.reportDir, "report-scale.json"));
  return report;
}
