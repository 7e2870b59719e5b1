import { describe, expect, it } from "vitest";
import { sampleRate } from "@/lib/public-env";
import { vitalRating, vitalsPage, webVitalsBatchSchema } from "@/lib/vitals/web-vitals";

const vital = (overrides: Record<string, unknown> = {}) => ({
  name: "LCP",
  value: 1834.5,
  id: "v5-1764072000000-8321",
  page: "/",
  ...overrides,
});

describe("web vitals reports", () => {
  it("keep a known page by its route pattern and anything else as (other), never a query string", () => {
    expect(vitalsPage("/")).toBe("/");
    expect(vitalsPage("/how-it-works/")).toBe("/how-it-works");
    expect(vitalsPage("/edit-post?post=1&token=secret")).toBe("/edit-post");
    expect(vitalsPage("/dashboard#bot-setup")).toBe("/dashboard");
    expect(vitalsPage("/wp-admin")).toBe("(other)");
    expect(vitalsPage("/" + "x".repeat(500))).toBe("(other)");
  });

  it("accept a batch of LCP, INP and CLS and normalise its pages", () => {
    const batch = webVitalsBatchSchema.parse({
      metrics: [vital(), vital({ name: "INP", value: 96, page: "/edit-post?token=abc" }), vital({ name: "CLS", value: 0.02 })],
    });
    expect(batch.metrics.map((m) => [m.name, m.page])).toEqual([
      ["LCP", "/"],
      ["INP", "/edit-post"],
      ["CLS", "/"],
    ]);
  });

  it.each([
    ["another metric", { metrics: [vital({ name: "FID" })] }],
    ["a negative value", { metrics: [vital({ value: -1 })] }],
    ["an LCP of ten minutes", { metrics: [vital({ value: 600_000 })] }],
    ["a CLS of 80", { metrics: [vital({ name: "CLS", value: 80 })] }],
    ["a value that is not a number", { metrics: [vital({ value: "1800" })] }],
    ["an id with markup", { metrics: [vital({ id: "<script>" })] }],
    ["an empty batch", { metrics: [] }],
    ["21 reports in one batch", { metrics: Array.from({ length: 21 }, (_, i) => vital({ id: `v5-${i}` })) }],
  ])("refuse %s", (_, body) => {
    expect(webVitalsBatchSchema.safeParse(body).success).toBe(false);
  });

  it("rate values by web.dev's thresholds", () => {
    expect(vitalRating("LCP", 2500)).toBe("good");
    expect(vitalRating("LCP", 2501)).toBe("needs-improvement");
    expect(vitalRating("INP", 501)).toBe("poor");
    expect(vitalRating("CLS", 0.1)).toBe("good");
  });

  it("read the sample rate from 0 to 1, else the fallback", () => {
    expect(sampleRate("0.25", 0.1)).toBe(0.25);
    expect(sampleRate("0", 0.1)).toBe(0);
    expect(sampleRate("1", 0.1)).toBe(1);
    for (const value of [undefined, "", "2", "-0.1", "abc"]) expect(sampleRate(value, 0.1), String(value)).toBe(0.1);
  });
});
