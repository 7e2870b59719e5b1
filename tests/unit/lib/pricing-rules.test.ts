import { describe, expect, it } from "vitest";
import { planTypeForBadge, priceBreakdown } from "@/lib/pricing/pricing-rules";

describe("badge → planType (SPEC §5)", () => {
  it.each([
    ["Starter", "starter"],
    ["Popular", "popular"],
    ["Premium", "premium"],
    ["  premium ", "premium"],
    ["Most Popular", "starter"],
    ["Selected Plan", "starter"],
    ["", "starter"],
    [null, "starter"],
    [undefined, "starter"],
  ] as const)("%j → %s", (badge, planType) => {
    expect(planTypeForBadge(badge)).toBe(planType);
  });
});

describe("tax rule (SPEC §5, §9)", () => {
  it.each([
    ["$99", 9900, 792, 10692],
    ["$129", 12900, 1032, 13932],
    ["$139", 13900, 1112, 15012],
    ["$149", 14900, 1192, 16092],
    ["$179", 17900, 1432, 19332],
    ["$189", 18900, 1512, 20412],
    ["$159", 15900, 1272, 17172],
    ["$21.50", 2150, 172, 2322],
  ])("%s: subtotal %i, tax %i, total %i cents (price × 1.08)", (price, subtotal, tax, total) => {
    expect(priceBreakdown(price)).toEqual({ subtotalCents: subtotal, taxCents: tax, totalCents: total });
  });

  it("charges no tax on 'Custom', another currency or something unreadable", () => {
    expect(priceBreakdown("Custom")).toEqual({ subtotalCents: null, taxCents: 0, totalCents: null });
    expect(priceBreakdown("99")).toEqual({ subtotalCents: 9900, taxCents: 0, totalCents: 9900 });
    expect(priceBreakdown("€99")).toEqual({ subtotalCents: null, taxCents: 0, totalCents: null });
    expect(priceBreakdown("$abc")).toEqual({ subtotalCents: null, taxCents: 0, totalCents: null });
  });
});
