import type { JsSummary } from "./js";
import type { LighthouseSummary } from "./lighthouse";
import type { LoadResult } from "./load";

// The shape of bench/report.json and its console rendering.

export interface PageReport {
  status: number | null;
  lighthouse: LighthouseSummary;
  js: JsSummary;
}

export interface BenchReport {
  generatedAt: string;
  node: string;
  chromium: string | null;
  lighthouseVersion: string | null;
  settings: Record<string, unknown>;
  pages: Record<string, PageReport>;
  floor: PageReport;
  jsRatioHome: number | null;
  api: Record<string, LoadResult>;
  targets: { lighthouseMin: number; lighthouseHome: number; jsRatioMax: number };
  meetsTargets: { lighthouse: Record<string, boolean>; jsRatioHome: boolean };
}

const mark = (ok: boolean): string => (ok ? "ok" : "MISS");
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const show = (value: number | null | undefined): string => (value === null || value === undefined ? "-" : String(value));

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function printSummary(report: BenchReport): void {
  const { targets } = report;
  const pageRow = (name: string, page: PageReport, target: string, verdict: string): string[] => [
    name,
    show(page.status),
    page.lighthouse.runs.map(show).join(" "),
    show(page.lighthouse.median),
    target,
    verdict,
    String(page.js.scripts),
    kb(page.js.gzipBytes),
  ];
  const rows = Object.entries(report.pages).map(([name, page]) => {
    const target = name === "/" ? targets.lighthouseHome : targets.lighthouseMin;
    return pageRow(name, page, `>=${target}`, mark(report.meetsTargets.lighthouse[name] ?? false));
  });
  rows.push(pageRow("floor /", report.floor, "", ""));

  console.log(`\nBenchmark ${report.generatedAt} (node ${report.node}, ${report.chromium ?? "chromium ?"})`);
  console.log("\nLighthouse mobile, performance (median of runs); JS = same-origin scripts, gzip -6\n");
  console.log(table(["page", "http", "runs", "median", "target", "", "scripts", "JS gzip KB"], rows));

  const ratio = report.jsRatioHome;
  console.log(
    `\nJS ratio home / floor: ${ratio === null ? "-" : ratio.toFixed(3)} (max ${targets.jsRatioMax}) ${mark(report.meetsTargets.jsRatioHome)}`,
  );

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
}
