import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { BURST_CONNECTIONS, pledgeBurstLoad, pledgeRequest } from "./campaign";
import { goal, type Goal } from "./goals";
import { jobsDrained } from "./job-workers";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { accessLogSize, cacheEntries, findNginx, readAccessLog, startNginx, type LogLine, type RunningNginx } from "./nginx";
import { benchPledge } from "./pages";
import { nextAddress } from "./payments";
import { freePort, onCleanup, sleep } from "../tests/harness/processes";
import { benchAffiliateCode, benchMemberToken, type AuthEnv } from "./referrals";
import { startNext, type RunningServer } from "./server";

// The production layout's front (docs/deploy.md): several web processes (JOB_WORKERS=off, workers
// apart) behind nginx, which balances them and caches what the app marks for shared caches. The
// "front" group measures the public reads through the cache against the same reads straight to one
// web process, counts the requests that reached the app (nginx's access log), checks that nothing
// private was answered from or kept in the cache, and measures the pledges with one web process
// behind nginx against all of them.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Public reads through the cache must reach this many times the same read straight to the app. */
export const CACHED_READ_RATIO_MIN = 5;
/** Pledges with every web process behind nginx must reach this many times one web process's. */
export const WEB_PROCESSES_RATIO_MIN = 1.5;
const PLEDGES = "/api/campaign/pledges";
/**
 * Pledges nginx lets through at once per web process: twice the ones a process runs at once with the
 * default pool (10, less 2: PUBLIC_WRITE_MAX_CONCURRENT), so each has as many again waiting its turn
 * and the rest of a crowd is told to come back by nginx, at no cost to the app (bench/nginx.ts).
 */
const PLEDGES_IN_FLIGHT_PER_PROCESS = 16;
/** The pledge load the web processes are judged on (campaign.ts's): every pledge taken in, none turned away. */
const STEADY_PLEDGES = "10 connections";
/** Addresses no shared cache may keep an answer of: account pages, members' and operators' data. */
const PRIVATE_PATHS = [
  "/dashboard",
  "/operator",
  "/auth",
  "/api/users",
  "/api/referral",
  "/api/auth",
  "/api/operator",
  "/api/payment",
  "/api/telegram",
];

export const defaultWebProcesses = (): number => Math.max(1, Math.min(2, os.availableParallelism()));

export interface ProductionLayout {
  /** Every web process; the first is the one every other load goes to, straight. */
  web: RunningServer[];
  /** nginx in front of all of them, or why there is none. */
  front: RunningNginx | null;
  nginx: { binary: string; version: string } | null;
  skipped?: string;
  /** The front group's findings, once it ran. */
  report?: FrontReport;
  stop: () => Promise<void>;
}

type ReadCheck = {
  /** The Cache-Control nginx kept the answer with (else the probe's, when nothing was kept), and the probe's answer. */
  cacheControl: string | null;
  probe: string;
  /** Lines nginx logged over the load (probe, warm-up and measured; background refreshes included) and how many reached the app. */
  requests: number;
  appRequests: number;
  seconds: number;
  /** At most one app request per key per s-maxage period, plus the first. */
  appRequestsAtMost: number | null;
  byCacheStatus: Record<string, number>;
  ok: boolean;
};

export type FrontReport = {
  webProcesses: number;
  nginx: string;
  reads: Record<string, { straightRps: number | null; cachedRps: number | null; ratio: number | null; check: ReadCheck }>;
  private: { name: string; ok: boolean; detail: string }[];
  cache: { entries: number; keys: string[]; withSetCookie: string[]; privateKeys: string[]; ok: boolean };
  /** Pledges taken in per second (the mean of the runs of each), with one web process and with all of them. */
  pledges: Record<
    string,
    {
      oneProcess: number | null;
      allProcesses: number | null;
      ratio: number | null;
      machineBusyPercent: { oneProcess: number | null; allProcesses: number | null };
    }
  >;
};

function nginxVersion(binary: string): string {
  try {
    return execFileSync(binary, ["-v"], { stdio: "pipe", encoding: "utf8" }).trim() || "nginx";
  } catch (err) {
    return ((err as { stderr?: string }).stderr ?? "nginx")
      .toString()
      .trim()
      .replace(/^nginx version: /, "");
  }
}

async function startFront(binary: string, upstreams: RunningServer[], name: string): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const front = await startNginx(
    binary,
    {
      dir,
      port: await freePort(),
      upstreams: upstreams.map((server) => new URL(server.baseUrl).host),
      trustedProxies: ["127.0.0.1"],
      publicWrites: { paths: [PLEDGES], inFlight: upstreams.length * PLEDGES_IN_FLIGHT_PER_PROCESS, retryAfterSeconds: 1 },
    },
    name,
  );
  console.log(
    `[bench] ${name} listening on ${front.baseUrl} (${upstreams.length} web process${upstreams.length === 1 ? "" : "es"} behind it)`,
  );
  return front;
}

/**
 * The production layout on PostgreSQL: `count` web processes (the running `product` and count - 1
 * more, with the same environment) and, when nginx is installed, nginx in front of them all.
 */
export async function startProductionLayout(
  root: string,
  product: RunningServer,
  count: number,
  env: Record<string, string>,
): Promise<ProductionLayout> {
  const web = [product];
  const binary = findNginx();
  const layout: ProductionLayout = { web, front: null, nginx: null, stop: async () => {} };
  if (!binary) {
    layout.skipped =
      "nginx is not installed (apt-get install nginx-light, or NGINX=/path/to/nginx): the cache in front and the web processes behind it are not measured";
    console.log(`[bench] ${layout.skipped}`);
  } else {
    for (let i = 2; i <= count; i += 1) web.push(await startNext(root, root, `product ${i}`, env));
    layout.nginx = { binary, version: nginxVersion(binary) };
    layout.front = await startFront(binary, web, "nginx");
  }
  const stop = async () => {
    unregister();
    await layout.front?.stop();
    for (const server of web.slice(1)) await server.stop();
  };
  const unregister = onCleanup({ name: "production layout", stop, stopNow: () => {} });
  layout.stop = stop;
  return layout;
}

/** The machine's CPU time so far (Linux /proc/stat: all cores), busy and in all; null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  if (!existsSync("/proc/stat")) return null;
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** How busy the whole machine was between two readings (every process, this bench's and any other work's), in percent. */
function busyPercent(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number | null {
  if (!before || !after || after.total === before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100);
}

/** Waits until the worker has sent every queued email (an earlier load's pledges), at most `seconds`. */
async function outboxDrained(databaseUrl: string, seconds = 180): Promise<boolean> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return (await jobsDrained(sql, seconds, "send-email")) !== null;
  } finally {
    await sql.end();
  }
}

const statusCounts = (lines: LogLine[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const line of lines) counts[line.cacheStatus] = (counts[line.cacheStatus] ?? 0) + 1;
  return counts;
};

/** The period a shared cache may keep the answer: s-maxage, else max-age (null: not to be kept). */
export function sharedMaxAge(cacheControl: string | null): number | null {
  if (!cacheControl || /(^|,)\s*(private|no-store|no-cache)\b/i.test(cacheControl)) return null;
  const age = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl) ?? /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl);
  return age && Number(age[1]) > 0 ? Number(age[1]) : null;
}

/** One public read straight to the first web process, then through the cache, with the app requests the cache let through. */
async function compareRead(layout: ProductionLayout, front: RunningNginx, address: string, opts: LoadOptions) {
  const wide = { ...opts, connections: 50 };
  // As browsers ask: compressed where the app compresses (pages and JSON; not the PNG cards).
  const get = () => ({ method: "GET" as const, headers: { "x-real-ip": nextAddress(), "accept-encoding": "gzip" } });
  const straight = await loadTest(
    new URL(address, layout.web[0]!.baseUrl).toString(),
    wide,
    get,
    "50 connections, straight to one web process",
  );
  const probe = await fetch(new URL(address, front.baseUrl), { headers: { "x-real-ip": nextAddress(), "accept-encoding": "gzip" } });
  await probe.arrayBuffer();
  await sleep(1500);
  const offset = accessLogSize(front.accessLog);
  const started = performance.now();
  const cached = await loadTest(
    new URL(address, front.baseUrl).toString(),
    wide,
    get,
    `50 connections, through the cache (nginx) in front of ${layout.web.length} web processes`,
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  // nginx writes its log buffer out every second.
  await sleep(1500);
  const lines = readAccessLog(front.accessLog, offset).lines.filter((line) => line.uri === address);
  const appRequests = lines.filter((line) => line.fromApp).length;
  const kept = cacheEntries(path.join(front.dir, "cache")).find((entry) => keyAddress(entry.key) === address);
  const cacheControl = kept ? kept.cacheControl : probe.headers.get("cache-control");
  const maxAge = sharedMaxAge(cacheControl);
  const appRequestsAtMost = maxAge === null ? null : Math.ceil(seconds / maxAge) + 1;
  const check: ReadCheck = {
    cacheControl,
    probe: `${probe.status} ${probe.headers.get("x-cache") ?? "-"}, Cache-Control ${probe.headers.get("cache-control") ?? "none"}`,
    requests: lines.filter((line) => line.method === "GET").length,
    appRequests,
    seconds,
    appRequestsAtMost,
    byCacheStatus: statusCounts(lines),
    ok: appRequestsAtMost !== null && appRequests <= appRequestsAtMost,
  };
  const ratio = straight.rps && cached.rps !== null ? Math.round((cached.rps / straight.rps) * 100) / 100 : null;
  return { straight, cached: { ...cached, cache: check }, ratio, check };
}

/** The address (path and query) of a cache key ("http://host/path?query"). */
function keyAddress(key: string): string {
  try {
    const url = new URL(key);
    return `${url.pathname}${url.search}`;
  } catch {
    return key;
  }
}

type Answer = { status: number; cache: string; setCookie: string[] };

async function ask(front: RunningNginx, address: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(new URL(address, front.baseUrl), {
    redirect: "manual",
    ...init,
    headers: { "x-real-ip": nextAddress(), ...(init.headers as Record<string, string>) },
  });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get("x-cache") ?? "-", setCookie: response.headers.getSetCookie() };
}

const answersText = (answers: Answer[]): string => answers.map((a) => `${a.status} ${a.cache}`).join(", ");

/** Signed-in pages, members' data and per-visitor answers: each answered by the app every time, never kept. */
async function privateChecks(front: RunningNginx, cookie: string, auth: AuthEnv, baseUrl: string): Promise<FrontReport["private"]> {
  const checks: FrontReport["private"] = [];
  const signedIn = [await ask(front, "/dashboard", { headers: { cookie } }), await ask(front, "/dashboard", { headers: { cookie } })];
  const anonymous = await ask(front, "/dashboard");
  checks.push({
    name: "GET /dashboard signed in (session cookie): every request to the app, and a visitor without one is not given it",
    ok: signedIn.every((a) => a.status === 200 && a.cache === "BYPASS") && anonymous.status !== 200 && anonymous.cache !== "HIT",
    detail: `signed in: ${answersText(signedIn)}; then without the cookie: ${answersText([anonymous])}`,
  });

  const token = await benchMemberToken(auth);
  const bearer = { authorization: `Bearer ${token}` };
  const member = [
    await ask(front, "/api/referral/stats", { headers: bearer }),
    await ask(front, "/api/referral/stats", { headers: bearer }),
  ];
  const noToken = await ask(front, "/api/referral/stats");
  checks.push({
    name: "GET /api/referral/stats (Authorization): a member's data, every request to the app",
    ok: member.every((a) => a.status === 200 && a.cache === "BYPASS") && noToken.status !== 200 && noToken.cache !== "HIT",
    detail: `with the token: ${answersText(member)}; then without: ${answersText([noToken])}`,
  });

  const code = await benchAffiliateCode(baseUrl, token);
  const visit = () =>
    ask(front, "/api/referral/visit", {
      method: "POST",
      body: JSON.stringify({ via: code }),
      headers: { "content-type": "application/json", "user-agent": BROWSER },
    });
  const visits = [await visit(), await visit()];
  const cookies = visits.map((a) => a.setCookie.find((c) => c.startsWith("gc_visitor=")) ?? null);
  checks.push({
    name: "POST /api/referral/visit (a per-visitor answer with Set-Cookie): each visitor answered by the app with a cookie of their own",
    ok: visits.every((a) => a.status < 300 && a.cache !== "HIT") && cookies.every(Boolean) && cookies[0] !== cookies[1],
    detail: `${answersText(visits)}; visitor cookies ${cookies[0] && cookies[1] ? (cookies[0] === cookies[1] ? "the same" : "distinct") : "missing"}`,
  });
  return checks;
}

/** Everything the cache holds after the run: no answer with Set-Cookie, none marked private, none of a private address. */
function cacheContents(fronts: RunningNginx[]): FrontReport["cache"] {
  const entries = fronts.flatMap((front) => cacheEntries(path.join(front.dir, "cache")));
  const pathOf = (key: string) => keyAddress(key).split("?")[0] ?? key;
  const withSetCookie = entries.filter((e) => e.setCookie).map((e) => e.key);
  const privateKeys = entries
    .filter(
      (e) => sharedMaxAge(e.cacheControl) === null || PRIVATE_PATHS.some((p) => pathOf(e.key) === p || pathOf(e.key).startsWith(`${p}/`)),
    )
    .map((e) => `${e.key} (${e.cacheControl ?? "no Cache-Control"})`);
  return {
    entries: entries.length,
    keys: entries.map((e) => pathOf(e.key)).sort(),
    withSetCookie,
    privateKeys,
    ok: withSetCookie.length === 0 && privateKeys.length === 0,
  };
}

/** The public reads compared; the share card only when the bench could make a confirmed pledge to draw. */
const PUBLIC_READS = (pledgeNumber: number | null): [string, string][] => [
  ["GET /magic", "/magic"],
  [`GET ${PLEDGES}`, PLEDGES],
  ...(pledgeNumber === null
    ? []
    : ([["GET /api/campaign/pledges/{number}/card", `/api/campaign/pledges/${pledgeNumber}/card`]] as [string, string][])),
];

export interface FrontContext {
  databaseUrl: string;
  auth: AuthEnv;
  cookie: string;
}

/** The "front" group: see the top of this file. */
export async function measureFront(
  layout: ProductionLayout | undefined,
  ctx: FrontContext,
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  if (!layout) {
    return {
      "front (skipped)": {
        status: null,
        rps: null,
        p99Ms: null,
        note: "the production layout (web processes apart from the workers, nginx in front) runs on PostgreSQL: add --postgres",
      },
    };
  }
  if (!layout.front || !layout.nginx)
    return { "front (skipped)": { status: null, rps: null, p99Ms: null, note: layout.skipped ?? "no nginx" } };
  const { front, web, nginx } = layout;
  const n = web.length;
  const api: Record<string, LoadResult> = {};
  const report: FrontReport = {
    webProcesses: n,
    nginx: nginx.version,
    reads: {},
    private: [],
    cache: { entries: 0, keys: [], withSetCookie: [], privateKeys: [], ok: false },
    pledges: {},
  };

  const pledgeNumber = await benchPledge(web[0]!.baseUrl, ctx.databaseUrl).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`[bench]   no confirmed pledge to draw a share card of (${message}): the card is not compared`);
    api["GET /api/campaign/pledges/{number}/card (not compared)"] = {
      status: null,
      rps: null,
      p99Ms: null,
      note: `no confirmed pledge to draw: ${message}`,
    };
    return null;
  });
  for (const [name, address] of PUBLIC_READS(pledgeNumber)) {
    console.log(`[bench] load ${name}, straight to one web process and through the cache (${opts.durationS} s each)`);
    const { straight, cached, ratio, check } = await compareRead(layout, front, address, opts);
    api[`${name} (straight to the app, 50 connections)`] = straight;
    api[`${name} (through the cache, 50 connections)`] = cached;
    report.reads[name] = { straightRps: straight.rps, cachedRps: cached.rps, ratio, check };
  }

  console.log("[bench] the cache keeps nothing private: signed-in pages, members' data, per-visitor answers");
  report.private = await privateChecks(front, ctx.cookie, ctx.auth, web[0]!.baseUrl);

  // Pledges with one web process behind nginx and with all of them, in the order one, all, all, one
  // for the steady load (a machine whose other work grows or shrinks over the minutes weighs on both
  // alike), then the burst with each; every load after the worker has sent the emails earlier loads
  // queued (its work would otherwise fall on the next load's seconds).
  const one = await startFront(nginx.binary, web.slice(0, 1), "nginx (one web process)");
  const ONE = "1 web process";
  const ALL = `${n} web processes`;
  const targets: Record<string, RunningNginx> = { [ONE]: one, [ALL]: front };
  const BURST = `burst, ${BURST_CONNECTIONS} connections`;
  const rates: Record<string, Record<string, number[]>> = { [STEADY_PLEDGES]: { [ONE]: [], [ALL]: [] }, [BURST]: { [ONE]: [], [ALL]: [] } };
  const busyByLabel: Record<string, Record<string, number[]>> = {
    [STEADY_PLEDGES]: { [ONE]: [], [ALL]: [] },
    [BURST]: { [ONE]: [], [ALL]: [] },
  };
  const schedule: [string, string, string][] = [
    [STEADY_PLEDGES, ONE, "first"],
    [STEADY_PLEDGES, ALL, "first"],
    [STEADY_PLEDGES, ALL, "second"],
    [STEADY_PLEDGES, ONE, "second"],
    [BURST, ONE, ""],
    [BURST, ALL, ""],
  ];
  try {
    for (const [shape, label, turn] of schedule) {
      const drained = await outboxDrained(ctx.databaseUrl);
      const url = new URL(PLEDGES, targets[label]!.baseUrl).toString();
      console.log(
        `[bench] load POST /api/campaign/pledges (${shape}) with ${label} behind nginx${drained ? "" : " (the outbox had not drained in 180 s)"}`,
      );
      const before = cpuTimes();
      const measured = shape === BURST ? await pledgeBurstLoad(url, opts) : await loadTest(url, opts, pledgeRequest, "a new email each");
      const busy = busyPercent(before, cpuTimes());
      const result =
        busy === null
          ? measured
          : { ...measured, machineBusyPercent: busy, note: `${measured.note ?? ""}; the machine's cores ${busy}% busy over the load` };
      if (busy !== null) busyByLabel[shape]![label]!.push(busy);
      api[`POST /api/campaign/pledges (${shape}, ${label} behind nginx${turn ? `, ${turn} run` : ""})`] = result;
      if (result.rps !== null) rates[shape]![label]!.push(result.rps);
    }
  } finally {
    await one.stop();
  }
  const mean = (values: number[]) =>
    values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  for (const [shape, byLabel] of Object.entries(rates)) {
    const oneProcess = mean(byLabel[ONE]!);
    const allProcesses = mean(byLabel[ALL]!);
    report.pledges[shape] = {
      oneProcess,
      allProcesses,
      ratio: oneProcess && allProcesses !== null ? Math.round((allProcesses / oneProcess) * 100) / 100 : null,
      machineBusyPercent: { oneProcess: mean(busyByLabel[shape]![ONE]!), allProcesses: mean(busyByLabel[shape]![ALL]!) },
    };
  }

  report.cache = cacheContents([front, one]);
  layout.report = report;
  return api;
}

/** The front's goals: each public read through the cache against straight to the app, and the pledges with every web process against one. */
export function frontGoals(report: FrontReport | undefined): Goal[] {
  if (!report) return [];
  const goals = Object.entries(report.reads).map(([name, read]) =>
    goal(`${name} req/s through the cache ÷ straight to the app, 50 connections`, read.ratio, ">=", CACHED_READ_RATIO_MIN),
  );
  // Judged on the steady load: the burst's figure is what admission control lets in, which on a busy
  // machine is decided by how long a pledge may wait for a place (PUBLIC_WRITE_MAX_WAIT_MS).
  const steady = report.pledges[STEADY_PLEDGES];
  if (steady && report.webProcesses > 1) {
    goals.push(
      goal(
        `POST /api/campaign/pledges (${STEADY_PLEDGES}) pledges/s, ${report.webProcesses} web processes ÷ 1`,
        steady.ratio,
        ">=",
        WEB_PROCESSES_RATIO_MIN,
      ),
    );
  }
  return goals;
}

const mark = (ok: boolean): string => (ok ? "ok" : "FAIL");

export function printFront(report: FrontReport): void {
  console.log(
    `\nThe cache in front (${report.nginx}) and ${report.webProcesses} web processes behind it (JOB_WORKERS=off, a worker apart)\n`,
  );
  for (const [name, read] of Object.entries(report.reads)) {
    const c = read.check;
    console.log(
      `${mark(c.ok)}  ${name}: ${read.cachedRps ?? "-"} req/s through the cache, ${read.straightRps ?? "-"} straight (× ${read.ratio ?? "-"}); ` +
        `${c.appRequests} of ${c.requests} requests reached the app in ${c.seconds} s (at most ${c.appRequestsAtMost ?? "-"} for "${c.cacheControl ?? "no Cache-Control"}"); ${JSON.stringify(c.byCacheStatus)}; probe ${c.probe}`,
    );
  }
  for (const check of report.private) console.log(`${mark(check.ok)}  ${check.name}: ${check.detail}`);
  const cache = report.cache;
  console.log(
    `${mark(cache.ok)}  the cache after the run: ${cache.entries} entries (${[...new Set(cache.keys)].join(" ")}); with Set-Cookie: ${cache.withSetCookie.length === 0 ? "none" : cache.withSetCookie.join(" ")}; private: ${cache.privateKeys.length === 0 ? "none" : cache.privateKeys.join(" ")}`,
  );
  for (const [shape, pledges] of Object.entries(report.pledges)) {
    const busy = pledges.machineBusyPercent;
    console.log(
      `     POST /api/campaign/pledges (${shape}): ${pledges.oneProcess ?? "-"} pledges/s with 1 web process, ${pledges.allProcesses ?? "-"} with ${report.webProcesses} (× ${pledges.ratio ?? "-"}); ` +
        `the machine's cores ${busy.oneProcess ?? "-"}% and ${busy.allProcesses ?? "-"}% busy`,
    );
  }
}
