import { readFileSync, writeFileSync } from "node:fs";
import nextEnv from "@next/env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOAD_GROUPS, loadEverything, type ApiContext, type LoadGroup } from "./apis";
import { unmeasured } from "./coverage";
import { sessionCookie } from "./dashboard";
import { benchOperator } from "./operator";
import { defaultWebProcesses, frontGoals, startProductionLayout } from "./front";
import { computeGoals } from "./goals";
import { localStackPids, measurePledgeCpu, pledgeCpuGoals } from "./pledge-cpu";
import { measureJobDrain } from "./jobs";
import { startWorkers } from "./job-workers";
import { chromiumVersion, findChrome } from "./lighthouse";
import { DEFAULT_LOAD, type LoadOptions } from "./load";
import { DEFAULT_PAGES, measurePage, type PageReport } from "./pages";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "../tests/harness/scratch-database";
import { runScale } from "./scale-run";
import { printScaleGoals } from "./scale-report";
import { cleanupAll, installSignalHandlers } from "../tests/harness/processes";
import type { AuthEnv } from "./referrals";
import { benchPosts } from "./social-posts";
import { buildApp, buildFloor, startNext } from "./server";
import { assertStackCanStart, movedServiceEnv, startStack } from "../tests/harness/stack";
import { printSummary, type BenchReport } from "./summary";

// `npm run bench`: Lighthouse (mobile) and JavaScript weight of the product's pages against a bare
// Next.js app, every API route and the remaining pages under load, on the embedded PGlite or (with
// --postgres) a real PostgreSQL server, and the bench's goals computed from the run. Goals are
// reported, never enforced; the exit code is non-zero only when something cannot be built or started.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Posts made for the run: one to open /edit-post with, the rest spread the regenerate load.
const BENCH_POSTS = 500;

interface Args {
  skipBuild: boolean;
  skipPages: boolean;
  /** Only the floor and Lighthouse: no API loads and no page renders. */
  skipLoads: boolean;
  /** Where to keep every Lighthouse result (its full JSON, for a closer look at a page). */
  lhrDir: string | null;
  pages: string[];
  runs: number;
  /** A PostgreSQL server to run on (a fresh database on it), instead of the embedded PGlite. */
  postgres: string | null;
  load: LoadOptions;
  /** Only these groups of loads, and no job drain (a run of one area). */
  only?: LoadGroup[];
  /** --scale[=factor]: the loads again after seeding a million pledges (times factor), compared. */
  scale: number | null;
  /** Web processes of the production layout (on PostgreSQL), behind nginx when it is installed. */
  webProcesses: number;
}

const USAGE = `usage: npm run bench -- [--skip-build] [--skip-pages] [--skip-loads] [--lhr-dir=DIR] [--pages=/a,/b] [--runs=3] [--postgres[=URL]] [--load-seconds=10] [--only=group,group] [--scale[=factor]] [--web-processes=N]
  --only: the load groups to run (no job drain), of: ${LOAD_GROUPS.join(", ")}
  --web-processes: on PostgreSQL, the web processes behind nginx (default ${defaultWebProcesses()}: one per core, at most 2);
           the other loads go straight to the first, the front group measures through nginx
  --scale: after the loads, seed 1,000,000 pledges, 100,000 members and the rest (times factor, default 1),
           load again, burst pledges, drain the job engine and explain each route's statements
           (on PostgreSQL: --postgres is implied); writes bench/scale-report.md and bench/report-scale.json`;

function parseArgs(argv: string[]): Args {
  const args: Args = {
    skipBuild: false,
    skipPages: false,
    skipLoads: false,
    lhrDir: null,
    pages: DEFAULT_PAGES,
    runs: 3,
    postgres: null,
    load: DEFAULT_LOAD,
    scale: null,
    webProcesses: defaultWebProcesses(),
  };
  for (const arg of argv) {
    const [key, value] = arg.split(/=(.*)/s, 2);
    if (key === "--skip-build" && value === undefined) args.skipBuild = true;
    else if (key === "--skip-pages" && value === undefined) args.skipPages = true;
    else if (key === "--skip-loads" && value === undefined) args.skipLoads = true;
    else if (key === "--lhr-dir" && value) args.lhrDir = path.resolve(value);
    else if (key === "--pages" && value) {
      args.pages = value.split(",").map((p) => (p.trim().startsWith("/") ? p.trim() : `/${p.trim()}`));
    } else if (key === "--runs" && value && /^[1-9]\d*$/.test(value)) args.runs = Number(value);
    else if (key === "--postgres") args.postgres = value || DEFAULT_POSTGRES_URL;
    else if (key === "--only" && value) {
      const names = value.split(",").map((name) => name.trim());
      const unknown = names.filter((name) => !(LOAD_GROUPS as readonly string[]).includes(name));
      if (unknown.length > 0) {
        console.error(`unknown load group: ${unknown.join(", ")}\n${USAGE}`);
        process.exit(2);
      }
      args.only = names as LoadGroup[];
    } else if (key === "--scale" && (value === undefined || (/^(0?\.\d+|1(\.0+)?)$/.test(value) && Number(value) > 0))) {
      args.scale = value === undefined ? 1 : Number(value);
      args.postgres ??= DEFAULT_POSTGRES_URL;
    } else if (key === "--web-processes" && value && /^[1-9]\d*$/.test(value)) args.webProcesses = Number(value);
    else if (key === "--load-seconds" && value && /^[1-9]\d*$/.test(value)) args.load = { ...DEFAULT_LOAD, durationS: Number(value) };
    else {
      console.error(`${arg === "--help" || arg === "-h" ? "" : `unknown argument: ${arg}\n`}${USAGE}`);
      process.exit(arg === "--help" || arg === "-h" ? 0 : 2);
    }
  }
  return args;
}

function lighthouseVersion(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? null;
  } catch {
    return null;
  }
}

/** What the app reads from .env.local/.env (site address, webhook secret), without keeping it here. */
function appEnv(): Record<string, string | undefined> {
  // combinedEnv is process.env itself: copy it before putting process.env back.
  const values = { ...nextEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error }).combinedEnv };
  nextEnv.resetEnv();
  return values;
}

function authEnv(env: Record<string, string | undefined>): AuthEnv {
  return {
    authUrl: env.NEXT_PUBLIC_SUPABASE_URL ?? "http://localhost:54321",
    anonKey: env.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? "",
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  installSignalHandlers();
  if (!args.skipPages) await findChrome();
  await assertStackCanStart(ROOT);

  // The Auth URL is inlined into the build: a moved Auth port needs a build that calls it.
  const authUrl = movedServiceEnv().NEXT_PUBLIC_SUPABASE_URL;
  await buildApp(ROOT, ROOT, "product", args.skipBuild, authUrl ? { NEXT_PUBLIC_SUPABASE_URL: authUrl } : {});

  // The floor first, alone on the machine.
  let floor: PageReport | null = null;
  if (!args.skipPages) {
    const floorDir = await buildFloor(ROOT, args.skipBuild);
    const floorServer = await startNext(ROOT, floorDir, "floor");
    floor = await measurePage(floorServer.baseUrl, "/", args.runs, { lhrDir: args.lhrDir, name: "floor" });
    await floorServer.stop();
  }

  const database = args.postgres ? await createScratchDatabase(args.postgres) : null;
  const stack = await startStack(ROOT, database?.url);
  // On PostgreSQL the app runs as it is deployed (docs/deploy.md): the web server with JOB_WORKERS=off
  // and a worker process beside it, so emails and bot replies are not rendered on the event loop that
  // answers requests. The embedded PGlite serves one connection at a time, so there the app runs its
  // workers itself, as `npm start` does.
  const product = await startNext(ROOT, ROOT, "product", { ...stack.appEnv, ...(database ? { JOB_WORKERS: "off" } : {}) });
  // For the front group, the other web processes beside it and nginx in front of them all, balancing
  // them and caching the public reads (bench/front.ts, bench/nginx.ts).
  // A --scale run's peak hour goes through them too.
  const measuresFront = database && !args.skipLoads && (!args.only || args.only.includes("front"));
  const burstsAtScale = database && !args.skipLoads && args.scale !== null && (!args.only || args.only.includes("campaign"));
  const layout =
    measuresFront || burstsAtScale
      ? await startProductionLayout(ROOT, product, args.webProcesses, { ...stack.appEnv, JOB_WORKERS: "off" })
      : undefined;
  const env = { ...appEnv(), ...stack.appEnv };
  const databaseUrl = env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${stack.dbPort}/postgres`;
  const worker = database ? await startWorkers(1, { ...env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" }) : null;
  const runningWorkers = worker ? worker.pids.length : 0;
  const auth = authEnv(env);
  const posts = await benchPosts(databaseUrl, BENCH_POSTS);
  const cookie = await sessionCookie(auth);
  const operator = await benchOperator(auth, databaseUrl);

  const pages: Record<string, PageReport> = {};
  if (!args.skipPages) {
    for (const page of args.pages)
      pages[page] = await measurePage(
        product.baseUrl,
        page,
        args.runs,
        { lhrDir: args.lhrDir },
        { editPost: posts[0]!, cookie, operatorCookie: operator.cookie },
      );
  }
  // A --scale run's first loads are on the empty database: its seed writes the pledges after them.
  const ctx: ApiContext = {
    baseUrl: product.baseUrl,
    databaseUrl,
    env,
    auth,
    cookie,
    operator,
    posts,
    layout,
    ...(args.scale !== null ? { operatorPledges: 0 } : {}),
  };
  const api = args.skipLoads ? {} : await loadEverything(ctx, args.load, args.only);
  // On PostgreSQL, where the worker is a process of its own: each process's CPU per pledge, its email sent.
  const measuresPledgeCpu = worker && !args.skipLoads && (!args.only || args.only.includes("campaign"));
  if (measuresPledgeCpu) console.log("[bench] CPU per pledge per process (/proc), the pledges' emails sent");
  const pledgeCpu = measuresPledgeCpu
    ? await measurePledgeCpu(product.baseUrl, databaseUrl, { web: [product.pid], worker: worker.pids, mail: localStackPids() })
    : null;
  const scale =
    args.scale !== null && !args.skipLoads
      ? await runScale({
          root: ROOT,
          product,
          appEnv: stack.appEnv,
          ctx,
          load: args.load,
          only: args.only,
          empty: api,
          database: database?.label ?? "embedded PGlite",
          factor: args.scale,
          reportDir: path.join(ROOT, "bench"),
          stackDataDir: stack.dataDir,
          runningWorkers,
        })
      : null;
  // At scale the drain is measured once, at that size.
  const drainJobs = !args.skipLoads && !args.only && !scale;
  if (drainJobs) console.log("[bench] the job engine: drain a backlog of queued emails, then of stored Stripe events");
  const jobs = drainJobs ? await measureJobDrain(databaseUrl, { env, stackDataDir: stack.dataDir, runningWorkers }) : {};
  await layout?.stop();
  if (!scale) await product.stop();
  await worker?.stop();
  await stack.stop();
  await database?.drop();

  const homeGzip = pages["/"]?.js.gzipBytes;
  const jsRatioHome =
    homeGzip !== undefined && floor && floor.js.gzipBytes > 0 ? Math.round((homeGzip / floor.js.gzipBytes) * 1000) / 1000 : null;
  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    database: database?.label ?? "embedded PGlite",
    node: process.version,
    chromium: chromiumVersion(),
    lighthouseVersion: lighthouseVersion(),
    settings: {
      lighthouseRuns: args.skipPages ? 0 : args.runs,
      formFactor: "mobile",
      gzipLevel: 6,
      load: args.load,
      ...(layout ? { webProcesses: layout.web.length } : {}),
    },
    pages,
    floor,
    jsRatioHome,
    api,
    jobs,
    front: layout?.report ?? null,
    pledgeCpu,
    goals: [...computeGoals(pages, floor, jsRatioHome, api), ...frontGoals(layout?.report), ...pledgeCpuGoals(pledgeCpu)],
    unmeasured: unmeasured(ROOT, [...Object.keys(pages), ...Object.keys(api)]),
  };
  const reportPath = path.join(ROOT, "bench", database ? "report-postgres.json" : "report.json");
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report);
  console.log(`\n[bench] report written to ${path.relative(process.cwd(), reportPath) || reportPath}`);
  if (scale) printScaleGoals(scale);
}

main()
  .then(async () => {
    await cleanupAll();
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    console.error(`\n[bench] failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanupAll();
    process.exit(1);
  });
