import { describe, expect, it } from "vitest";

import {
  CGM_DEVICE_FEE_CENTS,
  PLANS,
  formatPlanPrice,
  perMonthLabel,
  planPriceCents,
  type PlanDefinition,
  type PlanType,
} from "@/lib/pricing/plans";

function plan(type: PlanType): PlanDefinition {
  const found = PLANS.find((p) => p.type === type);
  if (!found) throw new Error(`no plan ${type}`);
  return found;
}

describe("plans (SPEC §9 Questionnaire and plans)", () => {
  it("lists Starter, Popular and Premium as plan indexes 0, 1 and 2", () => {
    expect(PLANS.map((p) => [p.planIndex, p.name])).toEqual([
      [0, "Starter"],
      [1, "Popular"],
      [2, "Premium"],
    ]);
  });

  it("charges a $50 CGM device fee", () => {
    expect(CGM_DEVICE_FEE_CENTS).toBe(5000);
  });

  it.each([
    ["starter", "$99", "$149", "3 months", "$33/month"],
    ["popular", "$129", "$179", "6 months", "$21.50/month"],
    ["premium", "$139", "$189", "1 year", "$11.58/month"],
  ] as const)("prices %s at %s without a CGM and %s with one, %s at %s", (type, withoutCgm, withCgm, period, perMonth) => {
    const p = plan(type);
    expect(formatPlanPrice(planPriceCents(p, false))).toBe(withoutCgm);
    expect(formatPlanPrice(planPriceCents(p, true))).toBe(withCgm);
    expect(p.billingLabel).toBe(period);
    expect(perMonthLabel(p)).toBe(perMonth);
  });

  it("gives Popular private 1 on 1 sessions on top of Starter", () => {
    const added = plan("popular").features.filter((f) => !plan("starter").features.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/1 on 1/);
  });

  it("gives Premium 1 on 1 sessions and priority support on top of Starter", () => {
    const added = plan("premium").features.filter((f) => !plan("starter").features.includes(f));
    expect(added).toHaveLength(2);
    expect(added.some((f) => /1 on 1/.test(f))).toBe(true);
    expect(added.some((f) => /priority support/i.test(f))).toBe(true);
  });

  it("gives Starter neither 1 on 1 sessions nor priority support", () => {
    expect(plan("starter").features.some((f) => /1 on 1|priority support/i.test(f))).toBe(false);
  });
});
