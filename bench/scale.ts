import type { LoadResult } from "./load";
import type { RoutePlan, SeqScan } from "./plans";

// --scale: the same loads on the empty database and at a million pledges, side by side, with each
// route's ratios, its worst statement and the sequential scans its statements made.

/** The scale goals for a member or public route at scale, as ratios to its empty-database figure. */
export const SCALE_RPS_RATIO_MIN = 0.8;
export const SCALE_P99_RATIO_MAX = 1.5;
/** The operator area's lists at scale (orders, pledges, affiliates): one page. */
export const OPERATOR_LIST_P99_MAX_MS = 150;
/** A sequential scan that read more rows than this is over a table that grows with users. */
export const GROWING_SCAN_ROWS = 10_000;

export interface ScaleRoute {
  route: string;
  empty: Pick<LoadResult, "rps" | "p99Ms" | "status">;
  scaled: Pick<LoadResult, "rps" | "p99Ms" | "status">;
  rpsRatio: number | null;
  p99Ratio: number | null;
  /** Which goal applies: the ratios (member and public routes), an operator list's p99, or none. */
  goal: "ratios" | "operator list" | "none";
  met: boolean | null;
  plan?: RoutePlan;
  /** Sequential scans that read at least GROWING_SCAN_ROWS rows. */
  growingScans: SeqScan[];
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** The operator pages the issue names as lists: orders, pledges (the campaign pages), affiliates; and the cohorts. */
export function isOperatorList(route: string): boolean {
  return /^GET \/operator\/(orders|affiliates|campaign|cohorts)(\?[^ ]*)?$/.test(route);
}

/**
 * An operator list loaded at one connection: "answer a page" is what one operator opening it waits,
 * the goal's measure. Ten connections on two cores measure queueing (10 ÷ req/s) as much as the page.
 */
export const ONE_OPERATOR = " (one operator)";

function goalOf(route: string): ScaleRoute["goal"] {
  if (route.endsWith(ONE_OPERATOR)) return "operator list";
  if (route.includes("/operator")) return "none";
  return "ratios";
}

/** A load at scale as one of the seed's members ("GET /dashboard [as the busiest affiliate]"), compared with its route's empty run. */
const AS_SAMPLE = / \[as [^\]]+\]$/;

/** Each route measured in both runs, with its ratios and whether its goal is met. */
export function compareLoads(
  empty: Record<string, LoadResult>,
  scaled: Record<string, LoadResult>,
  plans: Record<string, RoutePlan> = {},
): ScaleRoute[] {
  const routes: ScaleRoute[] = [];
  for (const [route, after] of Object.entries(scaled)) {
    const before = empty[route.replace(AS_SAMPLE, "")];
    if (!before) continue;
    const rpsRatio = before.rps && after.rps !== null ? round(after.rps / before.rps) : null;
    const p99Ratio = before.p99Ms && after.p99Ms !== null ? round(after.p99Ms / before.p99Ms) : null;
    const goal = goalOf(route);
    const plan = plans[route];
    const growingScans = (plan?.seqScans ?? []).filter((scan) => scan.rowsRead >= GROWING_SCAN_ROWS);
    let met: boolean | null = null;
    if (goal === "ratios" && rpsRatio !== null && p99Ratio !== null)
      met = rpsRatio >= SCALE_RPS_RATIO_MIN && p99Ratio <= SCALE_P99_RATIO_MAX && growingScans.length === 0;
    if (goal === "operator list" && after.p99Ms !== null) met = after.p99Ms <= OPERATOR_LIST_P99_MAX_MS && growingScans.length === 0;
    routes.push({
      route,
      empty: { rps: before.rps, p99Ms: before.p99Ms, status: before.status },
      scaled: { rps: after.rps, p99Ms: after.p99Ms, status: after.status },
      rpsRatio,
      p99Ratio,
      goal,
      met,
      ...(plan ? { plan } : {}),
      growingScans,
    });
  }
  return routes;
}
