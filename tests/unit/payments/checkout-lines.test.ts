import { describe, expect, it } from "vitest";
import { checkoutAmounts, checkoutLines, planRecurring } from "@/lib/payments/checkout-lines";
import { PLANS } from "@/lib/pricing/plans";
import { priceBreakdown } from "@/lib/pricing/pricing-rules";

const plan = (type: string) => PLANS.find((p) => p.type === type)!;

describe("checkout lines (D1)", () => {
  it("bills Starter every 3 months, Popular every 6 and Premium every year", () => {
    expect(planRecurring(plan("starter"))).toEqual({ interval: "month", intervalCount: 3 });
    expect(planRecurring(plan("popular"))).toEqual({ interval: "month", intervalCount: 6 });
    expect(planRecurring(plan("premium"))).toEqual({ interval: "year", intervalCount: 1 });
  });

  it("adds a one-time $50 CGM device line only with a CGM", () => {
    expect(checkoutLines(plan("starter"), false)).toHaveLength(1);
    const [recurring, cgm] = checkoutLines(plan("starter"), true);
    expect(recurring).toMatchObject({ key: "plan", amountCents: 9900 });
    expect(cgm).toEqual({ key: "cgm", name: "CGM devices", amountCents: 5000, recurring: null });
  });

  it.each(
    PLANS.flatMap(
      (p) =>
        [
          [p.type, false],
          [p.type, true],
        ] as const,
    ),
  )("charges exactly the page's 'Pay {total}' for %s (CGM %s)", (type, cgm) => {
    const lines = checkoutLines(plan(type), cgm);
    const page = priceBreakdown(`$${lines.reduce((sum, l) => sum + l.amountCents, 0) / 100}`);
    const amounts = checkoutAmounts(lines, null);
    expect(amounts.totalCents).toBe(page.totalCents);
    expect(amounts.taxCents).toBe(page.taxCents);
    expect(amounts.discountCents).toBe(0);
  });

  it("takes a percentage discount off each line before the 8% tax", () => {
    // $99 + $50, 10% off: 990 + 500 off, tax round(8910 × 8%) + round(4500 × 8%) = 713 + 360.
    expect(checkoutAmounts(checkoutLines(plan("starter"), true), { percentOff: 10, amountOffCents: null })).toEqual({
      subtotalCents: 14900,
      discountCents: 1490,
      taxCents: 1073,
      totalCents: 14483,
    });
  });

  it("spreads a fixed discount over the lines and never below zero", () => {
    const lines = checkoutLines(plan("starter"), true);
    expect(checkoutAmounts(lines, { percentOff: null, amountOffCents: 1000 }).discountCents).toBe(1000);
    expect(checkoutAmounts(lines, { percentOff: null, amountOffCents: 99_999 })).toEqual({
      subtotalCents: 14900,
      discountCents: 14900,
      taxCents: 0,
      totalCents: 0,
    });
  });
});
