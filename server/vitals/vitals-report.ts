import "server-only";
import { VITAL_NAMES, type VitalName } from "@/lib/vitals/web-vitals";
import { vitalRating } from "@/lib/vitals/web-vitals";
import { webVitalsP75, type VitalsPercentile } from "../db/vitals/web-vitals";

const DAY_MS = 86_400_000;

/** p75 per page and metric over the last `days` days. */
export function webVitalsSince(days: number, now = new Date()): Promise<VitalsPercentile[]> {
  return webVitalsP75(new Date(now.getTime() - days * DAY_MS));
}

const formatValue = (name: VitalName, value: number) => (name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`);

/** One line per page: each metric's p75, its rating and how many reports it stands on. */
export function formatVitalsReport(rows: readonly VitalsPercentile[], days: number): string {
  if (rows.length === 0) return `No Web Vitals reported in the last ${days} days.\n`;
  const pages = [...new Set(rows.map((row) => row.page))];
  const cell = (page: string, name: VitalName) => {
    const row = rows.find((candidate) => candidate.page === page && candidate.name === name);
    return row ? `${formatValue(name, row.p75)} ${vitalRating(name, row.p75)} (n=${row.samples})` : "–";
  };
  const table = [
    ["page", ...VITAL_NAMES.map((name) => `${name} p75`)],
    ...pages.map((page) => [page, ...VITAL_NAMES.map((name) => cell(page, name))]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const lines = table.map((line) =>
    line
      .map((value, column) => value.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
  return `Web Vitals of real visitors, last ${days} days (p75)\n${lines.join("\n")}\n`;
}
