import { describe, expect, it } from "vitest";
import { parsePlanChoice, paymentPath, planQuery, userInfoPath } from "@/lib/enrolment/plan-choice";

describe("plan and CGM in the URL (D12)", () => {
  it.each([
    [{ plan: "starter", cgm: "true" }, "starter", true],
    [{ plan: "popular", cgm: "false" }, "popular", false],
    [{ plan: "premium" }, "premium", false],
    [{ plan: ["premium", "starter"], cgm: ["true"] }, "premium", true],
    [{ plan: "popular", cgm: "yes" }, "popular", false],
  ])("%j → %s with CGM %s", (query, type, cgm) => {
    const choice = parsePlanChoice(query);
    expect(choice?.plan.type).toBe(type);
    expect(choice?.includeCgm).toBe(cgm);
  });

  it.each([{}, { plan: "" }, { plan: "Popular" }, { plan: "gold", cgm: "true" }, { plan: [] }])("has no plan for %j", (query) => {
    expect(parsePlanChoice(query)).toBeNull();
  });

  it("writes the query the pricing section writes, and the enrolment paths", () => {
    const choice = parsePlanChoice({ plan: "starter", cgm: "true" })!;
    expect(planQuery(choice)).toBe("plan=starter&cgm=true");
    expect(userInfoPath(choice)).toBe("/user-info?plan=starter&cgm=true");
    expect(paymentPath(choice)).toBe("/payment?plan=starter&cgm=true");
    expect(paymentPath(choice, "pay")).toBe("/payment?plan=starter&cgm=true&step=pay");
  });
});
