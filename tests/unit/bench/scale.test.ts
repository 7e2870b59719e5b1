import { describe, expect, it } from "vitest";
import { ONE_OPERATOR, compareLoads, isOperatorList } from "../../../bench/scale";
import type { BurstReport } from "../../../bench/burst";
import type { PledgeVisitors } from "../../../bench/pledge-visitors";
import { scaleGoals } from "../../../bench/scale-goals";
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

  it("judges the peak hour on the burst it is given and shows the one without the cache beside it", () => {
    const visitors = (perSecond: number, p99Ms: number): PledgeVisitors => ({
      visitors: 10,
      pledged: 10,
      lost: 0,
      perSecond,
      requests: 12,
      byStatus: { "202": 10, "503": 2 },
      busy: 2,
      timeouts: 0,
      errors: 0,
      p50Ms: 10,
      p99Ms,
      acceptedP99Ms: p99Ms,
      sendsPerPledge: 1.2,
    });
    const read = { requests: 1, perSecond: 1, p50Ms: 1, p99Ms: 1, byStatus: { "200": 1 }, busy: 0, timeouts: 0, errors: 0 };
    const burst = (through: string, perSecond: number, p99Ms: number): BurstReport => ({
      through,
      connections: 200,
      seconds: 60,
      pledgesAlone: visitors(100, 500),
      readRateAsked: 1000,
      pledges: visitors(perSecond, p99Ms),
      reads: { magic: read, count: read },
      emailDrainSeconds: 1,
      linksFrom: "mail",
      confirmations: null,
      numbering: { pledges: 10, distinct: 10, lowest: 1, highest: 10, gapless: true, burstConfirmed: 0, burstNumbered: 0 },
    });
    const cached = burst("the cache in front", 60, 900);
    const straight = burst("one web process", 5, 12_000);
    const goals = scaleGoals([], {}, cached, {});
    expect(goals.find((g) => g.name.includes("p99"))).toMatchObject({ measured: "900 ms", met: true });
    expect(goals.find((g) => g.name.includes("÷ alone"))).toMatchObject({ measured: "0.6", met: true });
    expect(scaleGoals([], {}, straight, {}).find((g) => g.name.includes("÷ alone"))).toMatchObject({ measured: "0.05", met: false });

    const base = {
      generatedAt: "now",
      database: "PostgreSQL 15",
      node: "v20",
      machine: "2 cores",
      settings: {},
      seed: {},
      routes: [],
      jobs: {},
      goals,
    };
    const markdown = renderScaleReport({ ...base, burst: cached, burstWithoutCache: straight });
    expect(markdown).toContain("| through | the cache in front |");
    expect(markdown).toContain("For comparison, the same burst without the cache:");
    expect(markdown).toContain("| through | one web process |");
    expect(renderScaleReport({ ...base, burst: straight })).not.toContain("For comparison");
  });
});
