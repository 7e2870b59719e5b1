import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { onCleanup } from "./proc";

// Lighthouse with its default config: mobile emulation, simulated throttling, performance only.

export const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

export function assertChromeInstalled(): void {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}; install it (apt-get update && apt-get install -y chromium) or set CHROME_PATH`,
    );
  }
}

export interface Metrics {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
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
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  const unregister = onCleanup({
    name: "chromium",
    stop: () => {
      chrome.kill();
      return Promise.resolve();
    },
    stopNow: () => chrome.kill(),
  });
  return {
    port: chrome.port,
    kill: () => {
      unregister();
      chrome.kill();
    },
  };
}

function numericValue(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? Math.round(value * 1000) / 1000 : null;
}

function scriptUrls(lhr: Result, pageUrl: string): string[] {
  const details = lhr.audits["network-requests"]?.details;
  if (!details || details.type !== "table") return [];
  const origin = new URL(pageUrl).origin;
  const urls = new Set<string>();
  for (const item of details.items) {
    const { url, resourceType } = item;
    if (resourceType !== "Script" || typeof url !== "string") continue;
    if (URL.canParse(url) && new URL(url).origin === origin) urls.add(url);
  }
  return [...urls];
}

/**
 * One Lighthouse run in a fresh Chromium (fresh profile, so no cache carries over). `extraHeaders`
 * go with every request (a signed-in page's session cookie).
 */
export async function runLighthouse(url: string, extraHeaders?: Record<string, string>): Promise<LighthouseRun> {
  const chrome = await launchChrome();
  try {
    if (browserVersion === undefined) {
      const info = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then(
        (r) => r.json() as Promise<{ Browser?: string }>,
      );
      browserVersion = info.Browser;
    }
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(extraHeaders ? { extraHeaders } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) return { score: null, error: "Lighthouse returned no result", scriptUrls: [] };
    const { lhr } = result;
    const score = lhr.categories.performance?.score;
    return {
      score: typeof score === "number" ? Math.round(score * 100) : null,
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      metrics: {
        fcpMs: numericValue(lhr, "first-contentful-paint"),
        lcpMs: numericValue(lhr, "largest-contentful-paint"),
        tbtMs: numericValue(lhr, "total-blocking-time"),
        cls: numericValue(lhr, "cumulative-layout-shift"),
        speedIndexMs: numericValue(lhr, "speed-index"),
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

/** `count` Lighthouse runs of `url`: the scores, their median, and every script URL seen. */
export async function measureLighthouse(
  url: string,
  count: number,
  extraHeaders?: Record<string, string>,
): Promise<{ summary: LighthouseSummary; scriptUrls: string[] }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < count; i++) {
    const run = await runLighthouse(url, extraHeaders);
    console.log(`[bench]   lighthouse run ${i + 1}/${count}: ${run.score ?? "no score"}${run.error ? ` (${run.error})` : ""}`);
    runs.push(run);
  }
  const scores = runs.map((r) => r.score).filter((s): s is number => s !== null);
  const med = median(scores);
  const medianRun = runs.find((r) => r.score !== null && r.score === med) ?? null;
  const errors = runs.flatMap((r) => (r.error ? [r.error] : []));
  return {
    summary: {
      runs: runs.map((r) => r.score),
      median: med,
      medianRunMetrics: medianRun?.metrics ?? null,
      ...(errors.length > 0 ? { errors } : {}),
    },
    scriptUrls: [...new Set(runs.flatMap((r) => r.scriptUrls))],
  };
}
