import { describe, expect, it } from "vitest";
import { linePath, niceCeiling, shortDay, stepRate } from "@/lib/referrals/funnel-chart";

const point = (date: string, visitors: number) => ({ date, visitors, leads: 0, conversions: 0 });

describe("funnel chart geometry", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [7, 10],
    [11, 20],
    [40, 50],
    [120, 200],
    [1000, 1000],
  ])("rounds a largest count of %i up to an axis top of %i", (value, ceiling) => {
    expect(niceCeiling(value)).toBe(ceiling);
  });

  it("draws a line from the bottom left, one step per day, the ceiling at the top", () => {
    const points = [point("2026-11-23", 0), point("2026-11-24", 5), point("2026-11-25", 10)];
    expect(linePath(points, "visitors", 200, 100, 10)).toBe("M0 100 L100 50 L200 0");
    expect(linePath([point("2026-11-25", 2)], "visitors", 200, 100, 4)).toBe("M0 50");
    expect(linePath([], "visitors", 200, 100, 1)).toBe("");
  });

  it("gives step rates to one decimal, a dash when nobody came", () => {
    expect(stepRate(8, 1)).toBe("12.5%");
    expect(stepRate(3, 2)).toBe("66.7%");
    expect(stepRate(0, 0)).toBe("–");
  });

  it("names a day by its UTC date", () => {
    expect(shortDay("2026-10-27")).toBe("27 Oct");
  });
});
