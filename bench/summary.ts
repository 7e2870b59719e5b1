import { printFront, type FrontReport } from "./front";
import type { Goal } from "./goals";
import type { DrainResult } from "./jobs";
import type { LoadResult } from "./load";
import type { PageReport } from "./pages";
import { printPledgeCpu, type PledgeCpuResult } from "./pledge-cpu";

// The shape of bench/report.json (report-postgres.json on a PostgreSQL server) and its console rendering.

export interface BenchReport {
  generatedAt: string;
  /** "embedded PGlite" or "PostgreSQL <server_version>" */
  database: string;
  node: string;
  chromium: string | null;
  lighthouseVersion: string | null;
  settings: Record<string, unknown>;
  pages: Record<string, PageReport>;
  /** The bare Next.js app's page (null with --skip-pages). */
  floor: PageReport | null;
  jsRatioHome: number | null;
  api: Record<string, LoadResult>;
  /** The job engine draining a backlog per queue (the app's in-process workers). */
  jobs: Record<string, DrainResult>;
  /** The cache in front and the web processes behind it (the "front" group, on PostgreSQL with nginx installed). */
  front?: FrontReport | null;
  /** Each process's CPU per pledge, its email sent (on PostgreSQL, bench/pledge-cpu.ts). */
  pledgeCpu?: PledgeCpuResult | null;
  goals: Goal[];
  /** Pages and API routes of app/ this run did not measure. */
  unmeasured: string[];
}

const mark = (ok: boolean): string => (ok ? "ok" : "MISS");
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const show = (value: number | null | undefined): string => (value === null || value === undefined ? "-" : String(value));

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function printSummary(report: BenchReport): void {
  const floorScore = report.floor?.lighthouse.median ?? null;
  const pageRow = (name: string, page: PageReport): string[] => [
    name,
    show(page.status),
    page.lighthouse.runs.map(show).join(" "),
    show(page.lighthouse.median),
    show(page.lighthouse.medianRunMetrics?.lcpMs === undefined ? null : Math.round(page.lighthouse.medianRunMetrics?.lcpMs ?? 0)),
    show(page.lighthouse.medianRunMetrics?.observedLcpMs),
    show(page.lighthouse.medianRunMetrics?.scriptsBeforeLcp),
    String(page.js.scripts),
    kb(page.js.gzipBytes),
  ];
  console.log(`\nBenchmark ${report.generatedAt} on ${report.database} (node ${report.node}, ${report.chromium ?? "chromium ?"})`);
  if (report.floor) {
    const rows = Object.entries(report.pages).map(([name, page]) => pageRow(name, page));
    rows.push(pageRow("floor /", report.floor));
    console.log(
      `\nLighthouse mobile, performance (median of runs; floor median ${show(floorScore)}); LCP of the median run, simulated, and as observed unthrottled` +
        ` with the page's scripts downloaded by then (a request ended before the observed paint goes into the simulated one); JS = same-origin scripts of the median load, gzip -6\n`,
    );
    console.log(table(["page", "http", "runs", "median", "LCP ms", "observed", "scripts by then", "scripts", "JS gzip KB"], rows));
    const ratio = report.jsRatioHome;
    if (ratio !== null) console.log(`\nJS ratio home / floor: ${ratio.toFixed(3)}`);
  } else {
    console.log("\nNo Lighthouse runs (--skip-pages).");
  }

  const apiRows = Object.entries(report.api).map(([route, r]) => [
    route,
    show(r.status),
    show(r.rps),
    show(r.p50Ms ?? null),
    show(r.p97_5Ms ?? null),
    show(r.p99Ms),
    r.non2xx || r.errors ? `${r.non2xx ?? 0} non-2xx, ${r.errors ?? 0} errors` : "",
    r.note ?? "",
  ]);
  console.log(`\n${table(["route", "http", "req/s", "p50 ms", "p97.5 ms", "p99 ms", "", "note"], apiRows)}`);

  const jobRows = Object.entries(report.jobs).map(([queue, j]) => [
    queue,
    String(j.queued),
    show(j.drainSeconds),
    show(j.perSecond),
    String(j.failed),
    j.note,
  ]);
  if (jobRows.length > 0)
    console.log(
      `\nJob engine: a backlog drained by the app's workers\n\n${table(["queue", "queued", "seconds", "jobs/s", "failed", "note"], jobRows)}`,
    );

  if (report.front) printFront(report.front);
  if (report.pledgeCpu) printPledgeCpu(report.pledgeCpu);

  console.log(
    `\nNot measured (pages and API routes in app/ this run left out): ${report.unmeasured.length === 0 ? "none" : report.unmeasured.join(" ")}`,
  );
  const met = report.goals.filter((g) => g.met).length;
  console.log(`\nGoals, measured in this run on ${report.database}: ${met} of ${report.goals.length} met\n`);
  const goalRows = report.goals.map((g) => [
    mark(g.met),
    g.name,
    show(g.measured),
    `${g.op} ${show(Number.isNaN(g.target) ? null : g.target)}`,
  ]);
  console.log(table(["", "goal", "measured", "target"], goalRows));
}
