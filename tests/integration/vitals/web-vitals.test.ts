import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/vitals/route";
import { closeDb } from "@/server/db/client";
import { formatVitalsReport, webVitalsSince } from "@/server/vitals/vitals-report";
import { testSql } from "../../fixtures/db";
import { freshAddress } from "../../fixtures/referrals";

const sql = testSql();

function report(body: unknown, address = freshAddress()) {
  return POST(
    new Request("http://localhost:3000/api/vitals", {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": address, origin: "http://localhost:3000" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

const vital = (name: string, value: number, id: string, page = "/") => ({ name, value, id, page });

beforeEach(async () => {
  await sql`delete from public.web_vitals`;
});

afterAll(async () => {
  await closeDb();
  await sql.end();
});

describe("POST /api/vitals", () => {
  it("keeps a batch by route pattern, without the query string", async () => {
    const response = await report({
      metrics: [
        vital("LCP", 1834.5, "v5-1-1", "/edit-post?post=abc&token=secret"),
        vital("CLS", 0.04, "v5-1-2", "/edit-post?post=abc&token=secret"),
      ],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { accepted: 2 } });
    const rows = await sql`select page, name, value, report_id from public.web_vitals order by name`;
    expect(rows).toEqual([
      { page: "/edit-post", name: "CLS", value: 0.04, report_id: "v5-1-2" },
      { page: "/edit-post", name: "LCP", value: 1834.5, report_id: "v5-1-1" },
    ]);
    expect(JSON.stringify(rows)).not.toContain("secret");
  });

  it("keeps a replayed report once", async () => {
    const batch = { metrics: [vital("INP", 120, "v5-2-1")] };
    expect(await (await report(batch)).json()).toEqual({ data: { accepted: 1 } });
    expect(await (await report(batch)).json()).toEqual({ data: { accepted: 0 } });
    expect(await (await report({ metrics: [vital("INP", 120, "v5-2-1"), vital("INP", 140, "v5-2-1")] })).json()).toEqual({
      data: { accepted: 0 },
    });
    expect((await sql`select count(*)::int as n from public.web_vitals`)[0]!.n).toBe(1);
  });

  it("refuses malformed batches with 400 or 422 and keeps nothing", async () => {
    expect((await report("{not json")).status).toBe(400);
    const invalid = [{ metrics: [vital("FID", 10, "v5-3-1")] }, { metrics: [vital("LCP", -5, "v5-3-2")] }, { metrics: [] }, { page: "/" }];
    for (const body of invalid) {
      const response = await report(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
    expect((await report({ metrics: [vital("LCP", 1, "x".repeat(9000))] })).status).toBe(413);
    expect((await sql`select count(*)::int as n from public.web_vitals`)[0]!.n).toBe(0);
  });

  it("limits one address to 60 batches in 10 minutes", async () => {
    const address = freshAddress();
    for (let i = 0; i < 60; i += 1) expect((await report({ metrics: [vital("CLS", 0, `v5-4-${i}`)] }, address)).status).toBe(200);
    const limited = await report({ metrics: [vital("CLS", 0, "v5-4-60")] }, address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await sql`select count(*)::int as n from public.web_vitals`)[0]!.n).toBe(60);
  });
});

describe("npm run vitals", () => {
  it("prints p75 per page and metric for the last 7 days, leaving older reports out", async () => {
    const lcps = [1000, 2000, 3000, 4000, 5000];
    await report({ metrics: lcps.map((value, i) => vital("LCP", value, `v5-5-${i}`, "/how-it-works")) });
    await report({ metrics: [vital("CLS", 0.3, "v5-5-9", "/")] });
    await sql`insert into public.web_vitals (page, name, value, report_id, created_at) values ('/', 'LCP', 99999, 'old', now() - interval '8 days')`;

    const rows = await webVitalsSince(7);
    expect(rows).toEqual([
      { page: "/", name: "CLS", samples: 1, p75: 0.3 },
      { page: "/how-it-works", name: "LCP", samples: 5, p75: 4000 },
    ]);
    expect(formatVitalsReport(rows, 7)).toBe(
      [
        "Web Vitals of real visitors, last 7 days (p75)",
        "page           LCP p75                          INP p75  CLS p75",
        "/              –                                –        0.300 poor (n=1)",
        "/how-it-works  4000 ms needs-improvement (n=5)  –        –",
        "",
      ].join("\n"),
    );
    expect(formatVitalsReport([], 7)).toBe("No Web Vitals reported in the last 7 days.\n");
  });
});
