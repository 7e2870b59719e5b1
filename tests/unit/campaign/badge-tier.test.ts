import { describe, expect, it } from "vitest";
import { badgeForPledgeNumber, formatPledgeNumber } from "@/lib/campaign/badge-tier";

describe("badge tiers by pledge number (SPEC §9)", () => {
  it.each([
    [1, "gold", "Founding 100"],
    [100, "gold", "Founding 100"],
    [101, "silver", "Pioneer 1K"],
    [1_000, "silver", "Pioneer 1K"],
    [1_001, "bronze", "Trailblazer 10K"],
    [10_000, "bronze", "Trailblazer 10K"],
    [10_001, "other", "Pledge Taker"],
    [127_844, "other", "Pledge Taker"],
  ])("pledge %i earns %s (%s)", (n, tier, name) => {
    expect(badgeForPledgeNumber(n)).toEqual({ tier, name });
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses %s as a pledge number", (n) => {
    expect(() => badgeForPledgeNumber(n)).toThrow(RangeError);
  });

  it("writes the number with a hash and thousands separators", () => {
    expect(formatPledgeNumber(127845)).toBe("#127,845");
  });
});
