import { writeFileSync } from "node:fs";
import type { DrainResult } from "./jobs";
import { GROWING_SCAN_ROWS, OPERATOR_LIST_P99_MAX_MS, SCALE_P99_RATIO_MAX, SCALE_RPS_RATIO_MIN, type ScaleRoute } from "./scale";

// bench/scale-report.md (kept in the repository) and bench/report-scale.json (the whole run, plans included).

export interface ScaleGoal {
  name: string;
  measured: string;
  target: string;
  met: boolean | null;
}

export interface ScaleReport {
  generatedAt: string;
  database: string;
  node: string;
  machine: string;
  settings: Record<string, unknown>;
  /** What the seeding step wrote, per table, and how long it took. */
  seed: unknown;
  routes: ScaleRoute[];
  /** The campaign's peak hour, judged: the pledge burst and what was read beside it, through the production layout when there is one. */
  burst: unknown;
  /** The same burst straight to one web process, for comparison (null when the judged one already went that way). */
  burstWithoutCache?: unknown;
  /** The job engine draining backlogs at scale. */
  jobs: Record<string, DrainResult>;
  goals: ScaleGoal[];
}

const show = (value: number | null | undefined): string => (value === null || value === undefined ? "–" : String(value));
const mark = (met: boolean | null): string => (met === null ? "–" : met ? "met" : "**missed**");
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();

/** A flat object as a two-column table (nested values as JSON). */
function facts(value: unknown): string {
  if (value === null || value === undefined) return "Not measured in this run.\n";
  if (typeof value !== "object") return `${String(value)}\n`;
  const rows = Object.entries(value as Record<string, unknown>).map(
    ([key, v]) => `| ${key} | ${cell(typeof v === "object" ? JSON.stringify(v) : String(v))} |`,
  );
  return ["| | |", "|---|---|", ...rows, ""].join("\n");
}

export function renderScaleReport(report: ScaleReport): string {
  const lines: string[] = [];
  lines.push(`# Scale report`, "");
  lines.push(
    `Written by \`npm run bench -- --scale\` on ${report.generatedAt}: ${report.database}, Node ${report.node}, ${report.machine}.`,
  );
  lines.push(
    `Settings: \`${JSON.stringify(report.settings)}\`. Every figure below comes from this one run; the plans are in \`bench/report-scale.json\`.`,
    "",
  );
  lines.push("## Goals", "", "| goal | measured | target | |", "|---|---|---|---|");
  for (const goal of report.goals) lines.push(`| ${cell(goal.name)} | ${cell(goal.measured)} | ${cell(goal.target)} | ${mark(goal.met)} |`);
  lines.push("", "## Seeded", "", facts(report.seed));
  lines.push(
    "## Routes: the empty database, then at scale",
    "",
    `Member and public routes: req/s at least ${SCALE_RPS_RATIO_MIN}× and p99 at most ${SCALE_P99_RATIO_MAX}× the empty run's, and no sequential scan reading ${GROWING_SCAN_ROWS.toLocaleString("en-US")} rows or more. ` +
      `The operator area's lists: p99 at most ${OPERATOR_LIST_P99_MAX_MS} ms at scale as one operator opens them ("(one operator)": one connection); their 10-connection loads show throughput and are not judged. "worst ms" is the slowest statement the route's request sent, run again under EXPLAIN ANALYZE at scale.`,
    "",
    "| route | req/s empty | req/s scale | × | p99 empty | p99 scale | × | worst ms | statements | goal |",
    "|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const r of report.routes) {
    const scans = r.growingScans.map((s) => `seq scan ${s.relation} (${s.rowsRead.toLocaleString("en-US")} rows)`).join(", ");
    lines.push(
      `| ${cell(r.route)} | ${show(r.empty.rps)} | ${show(r.scaled.rps)} | ${show(r.rpsRatio)} | ${show(r.empty.p99Ms)} | ${show(r.scaled.p99Ms)} | ${show(r.p99Ratio)} | ${show(r.plan?.worst?.executionMs)} | ${show(r.plan?.statements)} | ${r.goal === "none" ? "–" : mark(r.met)}${scans ? ` ${cell(scans)}` : ""} |`,
    );
  }
  const worst = report.routes
    .filter((r) => r.plan?.worst)
    .sort((a, b) => (b.plan?.worst?.executionMs ?? 0) - (a.plan?.worst?.executionMs ?? 0))
    .slice(0, 8);
  lines.push("", "## The slowest statements at scale", "");
  for (const r of worst) {
    lines.push(
      `### ${r.route}: ${r.plan?.worst?.executionMs} ms`,
      "",
      "```sql",
      r.plan?.worst?.query.trim() ?? "",
      "```",
      "",
      "```",
      r.plan?.worst?.plan ?? "",
      "```",
      "",
    );
  }
  lines.push("## The campaign's peak hour", "", facts(report.burst));
  if (report.burstWithoutCache) lines.push("For comparison, the same burst without the cache:", "", facts(report.burstWithoutCache));
  lines.push("## The job engine at scale", "", "| queue | queued | seconds | jobs/s | failed | note |", "|---|---|---|---|---|---|");
  for (const [queue, j] of Object.entries(report.jobs))
    lines.push(`| ${queue} | ${j.queued} | ${show(j.drainSeconds)} | ${show(j.perSecond)} | ${j.failed} | ${cell(j.note)} |`);
  lines.push("");
  return lines.join("\n");
}

/** Writes both; the Markdown as the repository's formatter leaves it (`npm test` checks the format), so a run's report is committed as written. */
export async function writeScaleReport(report: ScaleReport, markdownPath: string, jsonPath: string): Promise<void> {
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const prettier = await import("prettier");
  const options = await prettier.resolveConfig(markdownPath);
  writeFileSync(markdownPath, await prettier.format(renderScaleReport(report), { ...options, filepath: markdownPath }));
}

export function printScaleGoals(report: ScaleReport): void {
  console.log(`\nScale goals, one run on ${report.database}:`);
  for (const goal of report.goals)
    console.log(`  ${goal.met === null ? "  -" : goal.met ? "  ok" : "MISS"}  ${goal.name}: ${goal.measured} (target ${goal.target})`);
  console.log("[bench] scale report written to bench/scale-report.md and bench/report-scale.json");
}
