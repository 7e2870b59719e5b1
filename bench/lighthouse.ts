import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import WebSocket from "ws";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium as playwrightChromium } from "@playwright/test";
import { chromiumLaunch } from "../scripts/chromium-path";
import { onCleanup } from "../tests/harness/processes";

// Lighthouse with its default config: mobile emulation, simulated throttling, performance only.

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

type Chrome = { path: string; env?: Record<string, string> };
let chrome: Chrome | undefined;

/**
 * The Chromium Lighthouse drives: CHROME_PATH when set, else the one the end-to-end tests launch
 * (scripts/chromium-path.ts: Playwright's, the system's, or the one an npm package ships), so the
 * bench runs on a machine with no browser installed. Found once, before anything is built.
 */
export async function findChrome(): Promise<void> {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new Error(`Chromium not found at CHROME_PATH (${process.env.CHROME_PATH})`);
    chrome = { path: process.env.CHROME_PATH };
    return;
  }
  const launch = await chromiumLaunch();
  chrome = { path: launch.executablePath ?? playwrightChromium.executablePath(), env: launch.env };
}

export interface Metrics {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  /** The largest paint as it happened in the unthrottled load, before Lighthouse's simulation. */
  observedLcpMs: number | null;
  /**
   * Same-origin scripts whose download ended before that paint. The simulated LCP counts every
   * request that ended before it (the floor paints before its scripts arrive; a page painting
   * after them has each one's simulated download in its LCP).
   */
  scriptsBeforeLcp: number | null;
}

export interface LighthouseRun {
  score: number | null;
  error?: string;
  metrics?: Metrics;
  /** Same-origin Script requests of the page, as Lighthouse's network-requests audit lists them. */
  scriptUrls: string[];
}

export interface LighthouseSummary {
  runs: (number | null)[];
  median: number | null;
  /** Metrics of the run whose score is the median. */
  medianRunMetrics: Metrics | null;
  errors?: string[];
}

let browserVersion: string | undefined;

/** The Chromium version string, known after the first Lighthouse run. */
export function chromiumVersion(): string | null {
  return browserVersion ?? null;
}

async function launchChrome(): Promise<{ port: number; kill: () => void }> {
  if (!chrome) throw new Error("findChrome() first");
  const launched = await chromeLauncher.launch({
    chromePath: chrome.path,
    ...(chrome.env ? { envVars: chrome.env } : {}),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  const unregister = onCleanup({
    name: "chromium",
    stop: () => {
      launched.kill();
      return Promise.resolve();
    },
    stopNow: () => launched.kill(),
  });
  return {
    port: launched.port,
    kill: () => {
      unregister();
      launched.kill();
    },
  };
}

function numericValue(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? Math.round(value * 1000) / 1000 : null;
}

/** The run's requests as Lighthouse's network-requests audit lists them. */
function networkRequests(lhr: Result): { url: string; resourceType?: unknown; networkEndTime?: unknown }[] {
  const details = lhr.audits["network-requests"]?.details;
  if (!details || details.type !== "table") return [];
  return details.items.flatMap(({ url, resourceType, networkEndTime }) =>
    typeof url === "string" && URL.canParse(url) ? [{ url, resourceType, networkEndTime }] : [],
  );
}

/** The observed (unthrottled) largest paint, from the metrics audit, in ms since navigation. */
function observedLcp(lhr: Result): number | null {
  const details = lhr.audits.metrics?.details;
  const value =
    details?.type === "debugdata" ? (details.items?.[0] as Record<string, unknown> | undefined)?.observedLargestContentfulPaint : undefined;
  return typeof value === "number" ? Math.round(value) : null;
}

function scriptsEndedBefore(lhr: Result, pageUrl: string, at: number | null): number | null {
  if (at === null) return null;
  const origin = new URL(pageUrl).origin;
  return networkRequests(lhr).filter(
    ({ url, resourceType, networkEndTime }) =>
      resourceType === "Script" && new URL(url).origin === origin && typeof networkEndTime === "number" && networkEndTime <= at,
  ).length;
}

/**
 * Same-origin paths the run asked for more than ten times (navigations and RSC fetches alike; a
 * link's prefetch asks for a few segments of its page): a page bouncing between routes (a redirect
 * loop asks hundreds of times) is not the page measured, and says so.
 */
function repeatedPaths(lhr: Result, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const counts = new Map<string, number>();
  for (const { url, resourceType } of networkRequests(lhr)) {
    if (resourceType !== "Document" && resourceType !== "Fetch") continue;
    const { origin: at, pathname } = new URL(url);
    if (at === origin) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 10).map(([pathname, n]) => `${pathname} ×${n}`);
}

/** Same-origin Script requests of the page. */
function scriptUrls(lhr: Result, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return [
    ...new Set(
      networkRequests(lhr).flatMap(({ url, resourceType }) => (resourceType === "Script" && new URL(url).origin === origin ? [url] : [])),
    ),
  ];
}

/**
 * Puts cookies in the browser's jar for the page's host (DevTools protocol, browser target), as a
 * browser that signed in holds them: readable by the page's scripts, sent with every request.
 * Lighthouse clears caches and service workers before a run, never cookies.
 */
async function setCookies(webSocketDebuggerUrl: string, pageUrl: string, cookieHeader: string): Promise<void> {
  const cookies = cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL("/", pageUrl).toString(), sameSite: "Lax" };
  });
  const socket = new WebSocket(webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } })));
      socket.once("message", (data: Buffer) => {
        const answer = JSON.parse(data.toString()) as { error?: { message: string } };
        if (answer.error) reject(new Error(`Storage.setCookies: ${answer.error.message}`));
        else resolve();
      });
      socket.once("error", reject);
    });
  } finally {
    socket.close();
  }
}

/**
 * One Lighthouse run in a fresh Chromium (fresh profile, so no cache carries over). `cookie` (a
 * Cookie header's value: a signed-in member's session) is put in the browser's jar first.
 */
export async function runLighthouse(url: string, cookie?: string, lhrPath?: string): Promise<LighthouseRun> {
  const chrome = await launchChrome();
  try {
    const info = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then(
      (r) => r.json() as Promise<{ Browser?: string; webSocketDebuggerUrl: string }>,
    );
    browserVersion ??= info.Browser;
    if (cookie) await setCookies(info.webSocketDebuggerUrl, url, cookie);
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    };
    const result = await lighthouse(url, flags);
    if (!result) return { score: null, error: "Lighthouse returned no result", scriptUrls: [] };
    const { lhr } = result;
    if (lhrPath) {
      mkdirSync(path.dirname(lhrPath), { recursive: true });
      writeFileSync(lhrPath, JSON.stringify(lhr));
      // The page load's trace beside it (open it in the browser's performance panel).
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(lhrPath.replace(/\.json$/, ".trace.json"), JSON.stringify(trace));
    }
    const score = lhr.categories.performance?.score;
    const observedLcpMs = observedLcp(lhr);
    const repeated = repeatedPaths(lhr, url);
    const errors = [
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
      ...(repeated.length > 0 ? [`the page kept navigating: ${repeated.join(", ")}`] : []),
    ];
    return {
      score: typeof score === "number" ? Math.round(score * 100) : null,
      ...(errors.length > 0 ? { error: errors.join("; ") } : {}),
      metrics: {
        fcpMs: numericValue(lhr, "first-contentful-paint"),
        lcpMs: numericValue(lhr, "largest-contentful-paint"),
        tbtMs: numericValue(lhr, "total-blocking-time"),
        cls: numericValue(lhr, "cumulative-layout-shift"),
        speedIndexMs: numericValue(lhr, "speed-index"),
        observedLcpMs,
        scriptsBeforeLcp: scriptsEndedBefore(lhr, url, observedLcpMs),
      },
      scriptUrls: scriptUrls(lhr, url),
    };
  } catch (err) {
    return { score: null, error: err instanceof Error ? err.message : String(err), scriptUrls: [] };
  } finally {
    chrome.kill();
  }
}

export function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid];
  if (upper === undefined) return null;
  if (sorted.length % 2 === 1) return upper;
  const lower = sorted[mid - 1] ?? upper;
  return (lower + upper) / 2;
}

/** Where a page's full Lighthouse results go (`--lhr-dir`): `<dir>/<name>-<run>.json`, or nowhere. */
export interface LhrOutput {
  lhrDir: string | null;
  /** The page's name in the file names; the path when not given. */
  name?: string;
}

function lhrFile(output: LhrOutput, run: number): string | undefined {
  if (!output.lhrDir) return undefined;
  const slug = (output.name ?? "page").replace(/^\/+/, "").replace(/[^a-z0-9]+/gi, "-") || "home";
  return path.join(output.lhrDir, `${slug}-${run}.json`);
}

/** `count` Lighthouse runs of `url`: the scores, their median, and each run's same-origin script URLs. */
export async function measureLighthouse(
  url: string,
  count: number,
  output: LhrOutput,
  cookie?: string,
): Promise<{ summary: LighthouseSummary; scriptUrls: string[][] }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < count; i++) {
    const run = await runLighthouse(url, cookie, lhrFile(output, i + 1));
    console.log(`[bench]   lighthouse run ${i + 1}/${count}: ${run.score ?? "no score"}${run.error ? ` (${run.error})` : ""}`);
    runs.push(run);
  }
  const scores = runs.map((r) => r.score).filter((s): s is number => s !== null);
  const med = median(scores);
  // With an even number of runs the median falls between two: the metrics are the upper one's.
  const upperMiddle = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  const medianRun = runs.find((r) => r.score !== null && r.score === upperMiddle) ?? null;
  const errors = runs.flatMap((r) => (r.error ? [r.error] : []));
  return {
    summary: {
      runs: runs.map((r) => r.score),
      median: med,
      medianRunMetrics: medianRun?.metrics ?? null,
      ...(errors.length > 0 ? { errors } : {}),
    },
    scriptUrls: runs.filter((r) => r.score !== null).map((r) => r.scriptUrls),
  };
}
