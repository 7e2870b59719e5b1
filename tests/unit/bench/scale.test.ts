import { describe, expect, it } from "vitest";
import { ONE_OPERATOR, compareLoads, isOperatorList } from "../../../bench/scale";
import { renderScaleReport } from "../../../bench/scale-report";

const load = (rps: number | null, p99Ms: number | null) => ({ status: 200, rps, p99Ms });
const plan = (rowsRead: number) => ({
  statements: 2,
  unexplained: 0,
  worst: { query: "select 1", executionMs: 1.5, plan: "Seq Scan on x" },
  seqScans: [{ relation: "public.x", rowsRead }],
});

describe("the --scale comparison", () => {
  it("judges member and public routes by their ratios to the empty run", () => {
    const [kept, slower, tail] = compareLoads(
      { "GET /api/a": load(100, 10), "GET /api/b": load(100, 10), "GET /api/c": load(100, 10) },
      { "GET /api/a": load(80, 15), "GET /api/b": load(79, 10), "GET /api/c": load(100, 15.1) },
    );
    expect(kept).toMatchObject({ rpsRatio: 0.8, p99Ratio: 1.5, goal: "ratios", met: true });
    expect(slower).toMatchObject({ rpsRatio: 0.79, met: false });
    expect(tail).toMatchObject({ p99Ratio: 1.51, met: false });
  });

  it("fails a route whose statements scanned a growing table, however fast it was", () => {
    const [small, large] = compareLoads(
      { "GET /api/a": load(100, 10), "GET /api/b": load(100, 10) },
      { "GET /api/a": load(100, 10), "GET /api/b": load(100, 10) },
      { "GET /api/a": plan(9_999), "GET /api/b": plan(10_000) },
    );
    expect(small).toMatchObject({ met: true, growingScans: [] });
    expect(large).toMatchObject({ met: false, growingScans: [{ relation: "public.x", rowsRead: 10_000 }] });
  });

  it("holds the operator's lists to a p99 at one connection and leaves other operator loads unjudged", () => {
    expect(isOperatorList("GET /operator/orders?q=")).toBe(true);
    expect(isOperatorList("GET /operator/cohorts")).toBe(true);
    expect(isOperatorList("GET /operator/orders/{id}")).toBe(false);
    expect(isOperatorList("GET /operator/campaign/stories")).toBe(false);
    const one = (route: string) => `${route}${ONE_OPERATOR}`;
    const routes = compareLoads(
      {
        [one("GET /operator/affiliates")]: load(50, 100),
        [one("GET /operator/campaign?days=90")]: load(50, 100),
        "GET /operator/affiliates": load(50, 100),
        "POST /api/operator/cohorts": load(50, 100),
      },
      {
        [one("GET /operator/affiliates")]: load(50, 150),
        [one("GET /operator/campaign?days=90")]: load(50, 151),
        "GET /operator/affiliates": load(20, 900),
        "POST /api/operator/cohorts": load(5, 900),
      },
    );
    expect(routes.map((r) => [r.route, r.goal, r.met])).toEqual([
      [one("GET /operator/affiliates"), "operator list", true],
      [one("GET /operator/campaign?days=90"), "operator list", false],
      ["GET /operator/affiliates", "none", null],
      ["POST /api/operator/cohorts", "none", null],
    ]);
  });

  it("compares a load as one of the seed's members with its route's empty run", () => {
    const routes = compareLoads(
      { "GET /api/referral/stats": load(100, 10) },
      { "GET /api/referral/stats": load(95, 11), "GET /api/referral/stats [as the busiest affiliate]": load(50, 40) },
    );
    expect(routes.map((r) => [r.route, r.rpsRatio, r.p99Ratio, r.met])).toEqual([
      ["GET /api/referral/stats", 0.95, 1.1, true],
      ["GET /api/referral/stats [as the busiest affiliate]", 0.5, 4, false],
    ]);
  });

  it("leaves out a route one run lacks and gives no ratio without figures", () => {
    const routes = compareLoads({ "GET /api/a": load(null, null), "GET /api/gone": load(1, 1) }, { "GET /api/a": load(10, 10) });
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ rpsRatio: null, p99Ratio: null, met: null });
  });

  it("renders the routes, the slowest statements' plans and a table cell's pipes escaped", () => {
    const routes = compareLoads({ "GET /api/a|b": load(100, 10) }, { "GET /api/a|b": load(90, 12) }, { "GET /api/a|b": plan(5) });
    const markdown = renderScaleReport({
      generatedAt: "now",
      database: "PostgreSQL 15",
      node: "v20",
      machine: "2 cores",
      settings: {},
      seed: { pledges: 10 },
      routes,
      burst: null,
      jobs: {},
      goals: [],
    });
    expect(markdown).toContain("| GET /api/a\\|b | 100 | 90 | 0.9 | 10 | 12 | 1.2 | 1.5 | 2 | met |");
    expect(markdown).toContain("### GET /api/a|b: 1.5 ms");
    expect(markdown).toContain("| pledges | 10 |");
  });
});
