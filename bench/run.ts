import { readFileSync, writeFileSync } from "node:fs";
import nextEnv from "@next/env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureScripts } from "./js";
import { assertChromeInstalled, chromiumVersion, measureLighthouse } from "./lighthouse";
import { DEFAULT_LOAD, loadTest, type LoadResult } from "./load";
import { loadCheckoutSessions, loadWebhook } from "./payments";
import { loadWebVitals } from "./vitals";
import { loadDashboard } from "./dashboard";
import { benchAffiliateCode, benchMemberToken, type AuthEnv, loadLeads, loadMemberGet, loadVisits } from "./referrals";
import { cleanupAll, installSignalHandlers } from "./proc";
import { benchPosts, loadSocialPosts } from "./social-posts";
import { loadCampaign } from "./campaign";
import { loadCoachBot } from "./coach-bot";
import { assertStackCanStart, buildApp, buildFloor, startNext, startStack } from "./server";
import { printSummary, type BenchReport, type PageReport } from "./summary";

// `npm run bench`: Lighthouse (mobile) and JavaScript weight of the product's pages against a bare
// Next.js app, plus API throughput. Targets are reported, never enforced; the exit code is non-zero
// only when something cannot be built or started.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPORT_PATH = path.join(ROOT, "bench", "report.json");
const DEFAULT_PAGES = ["/", "/how-it-works", "/our-team", "/career", "/auth", "/test-bird", "/edit-post", "/magic", "/million-glucose-campaign", "/become-partner"];
// Posts made for the run: one to open /edit-post with, the rest spread the regenerate load.
const BENCH_POSTS = 500;
const API_ROUTES = ["/api/health", "/api/config", "/api/ping"];
const TARGETS = { lighthouseMin: 95, lighthouseHome: 100, jsRatioMax: 1.25 } as const;

interface Args {
  skipBuild: boolean;
  pages: string[];
  runs: number;
}

const USAGE = `usage: npm run bench -- [--skip-build] [--pages=/a,/b] [--runs=3]`;

function parseArgs(argv: string[]): Args {
  const args: Args = { skipBuild: false, pages: DEFAULT_PAGES, runs: 3 };
  for (const arg of argv) {
    const [key, value] = arg.split(/=(.*)/s, 2);
    if (key === "--skip-build" && value === undefined) args.skipBuild = true;
    else if (key === "--pages" && value) {
      args.pages = value.split(",").map((p) => (p.trim().startsWith("/") ? p.trim() : `/${p.trim()}`));
    } else if (key === "--runs" && value && /^[1-9]\d*$/.test(value)) args.runs = Number(value);
    else {
      console.error(`${arg === "--help" || arg === "-h" ? "" : `unknown argument: ${arg}\n`}${USAGE}`);
      process.exit(arg === "--help" || arg === "-h" ? 0 : 2);
    }
  }
  return args;
}

async function statusOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function measurePage(baseUrl: string, page: string, runs: number): Promise<PageReport> {
  const url = new URL(page, baseUrl).toString();
  console.log(`[bench] ${page}`);
  const status = await statusOf(url);
  if (status !== 200) console.log(`[bench]   warning: GET ${page} answered ${status ?? "nothing"}`);
  const { summary, scriptUrls } = await measureLighthouse(url, runs);
  return { status, lighthouse: summary, js: await measureScripts(scriptUrls) };
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

/** The dashboard's affiliate calls: link and stats for one member, and visits through their link first. */
async function loadReferrals(baseUrl: string, env: Record<string, string | undefined>): Promise<Record<string, LoadResult>> {
  const token = await benchMemberToken(authEnv(env));
  const code = await benchAffiliateCode(baseUrl, token);
  const api: Record<string, LoadResult> = {};
  console.log(`[bench] load POST /api/referral/visit, GET /api/referral/get_affiliate_link, POST /api/referral/lead, GET /api/referral/stats and GET /api/referral/funnel`);
  api["POST /api/referral/visit"] = await loadVisits(baseUrl, code, DEFAULT_LOAD);
  api["GET /api/referral/get_affiliate_link"] = await loadMemberGet(baseUrl, "/api/referral/get_affiliate_link", token, DEFAULT_LOAD, "signed-in member; token checked against the JWKS");
  api["POST /api/referral/lead"] = await loadLeads(baseUrl, token, DEFAULT_LOAD);
  api["GET /api/referral/stats"] = await loadMemberGet(baseUrl, "/api/referral/stats", token, DEFAULT_LOAD, "the member's stats after the visit load (every visit counted)");
  api["GET /api/referral/funnel?days=90"] = await loadMemberGet(baseUrl, "/api/referral/funnel?days=90", token, DEFAULT_LOAD, "the dashboard chart's 90 days after the visit load");
  return api;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  installSignalHandlers();
  assertChromeInstalled();
  await assertStackCanStart(ROOT);

  await buildApp(ROOT, ROOT, "product", args.skipBuild);
  const floorDir = await buildFloor(ROOT, args.skipBuild);

  // The floor first, alone on the machine.
  const floorServer = await startNext(ROOT, floorDir, "floor");
  const floor = await measurePage(floorServer.baseUrl, "/", args.runs);
  await floorServer.stop();

  const stack = await startStack(ROOT);
  const product = await startNext(ROOT, ROOT, "product", stack.appEnv);

  const databaseUrl = stack.appEnv.DATABASE_URL ?? process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${stack.dbPort}/postgres`;
  const posts = await benchPosts(databaseUrl, BENCH_POSTS);
  // /edit-post without its link only sends the visitor home: it is measured with a real post's link.
  const pageUrl = (page: string) => (page === "/edit-post" ? `/edit-post?post=${posts[0]!.id}&token=${posts[0]!.token}` : page);

  const pages: Record<string, PageReport> = {};
  for (const page of args.pages) pages[page] = await measurePage(product.baseUrl, pageUrl(page), args.runs);

  const api: Record<string, LoadResult> = {};
  for (const route of API_ROUTES) {
    console.log(`[bench] load ${route} (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s)`);
    api[route] = await loadTest(new URL(route, product.baseUrl).toString());
  }
  // The public reads against the trivial handler at 50 connections: the cohort list should keep up with /api/ping.
  const wide = { ...DEFAULT_LOAD, connections: 50 };
  for (const route of ["/api/ping", "/api/cohorts?language=en"]) {
    console.log(`[bench] load ${route} (${wide.connections} connections, ${wide.durationS} s)`);
    api[`GET ${route} (50 connections)`] = await loadTest(new URL(route, product.baseUrl).toString(), wide, undefined, "50 connections");
  }
  console.log(`[bench] load POST /api/payment/create-checkout-session (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s)`);
  const env = appEnv();
  const site = env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000";
  api["POST /api/payment/create-checkout-session"] = await loadCheckoutSessions(product.baseUrl, site, databaseUrl, DEFAULT_LOAD);
  console.log(`[bench] load POST /api/stripe/webhook (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s)`);
  api["POST /api/stripe/webhook"] = await loadWebhook(product.baseUrl, env.STRIPE_WEBHOOK_SECRET ?? "", DEFAULT_LOAD);
  Object.assign(api, await loadCoachBot(product.baseUrl, { ...env, ...stack.appEnv }, DEFAULT_LOAD));
  Object.assign(api, await loadReferrals(product.baseUrl, env));
  console.log(`[bench] load the social-post endpoints (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s each)`);
  Object.assign(api, await loadSocialPosts(product.baseUrl, databaseUrl, posts, DEFAULT_LOAD));
  console.log(`[bench] load the campaign endpoints (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s each)`);
  Object.assign(api, await loadCampaign(product.baseUrl, DEFAULT_LOAD));
  console.log(`[bench] load GET /dashboard signed in (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s)`);
  api["GET /dashboard (signed in)"] = await loadDashboard(product.baseUrl, authEnv(env), DEFAULT_LOAD);
  console.log(`[bench] load POST /api/vitals (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.durationS} s)`);
  api["POST /api/vitals"] = await loadWebVitals(product.baseUrl, DEFAULT_LOAD);
  await product.stop();
  await stack.stop();

  const homeGzip = pages["/"]?.js.gzipBytes;
  const jsRatioHome =
    homeGzip !== undefined && floor.js.gzipBytes > 0 ? Math.round((homeGzip / floor.js.gzipBytes) * 1000) / 1000 : null;
  const lighthouseTargets: Record<string, boolean> = {};
  for (const [page, result] of Object.entries(pages)) {
    const target = page === "/" ? TARGETS.lighthouseHome : TARGETS.lighthouseMin;
    lighthouseTargets[page] = result.lighthouse.median !== null && result.lighthouse.median >= target;
  }

  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion(),
    lighthouseVersion: lighthouseVersion(),
    settings: { lighthouseRuns: args.runs, formFactor: "mobile", gzipLevel: 6, load: DEFAULT_LOAD },
    pages,
    floor,
    jsRatioHome,
    api,
    targets: TARGETS,
    meetsTargets: {
      lighthouse: lighthouseTargets,
      jsRatioHome: jsRatioHome !== null && jsRatioHome <= TARGETS.jsRatioMax,
    },
  };
  writeFileSync(REPORT_PATH, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report);
  console.log(`\n[bench] report written to ${path.relative(process.cwd(), REPORT_PATH) || REPORT_PATH}`);
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
