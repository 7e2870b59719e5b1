import { describe, expect, it } from "vitest";
import { orderSummary } from "@/lib/pricing/order-summary";
import { formatCountdown, secondsLeft } from "@/lib/enrolment/payment-countdown";
import { parsePlanChoice } from "@/lib/enrolment/plan-choice";

describe("order summary (SPEC §2, §9)", () => {
  it.each([
    ["starter", "false", "$99", "$7.92", "$106.92"],
    ["starter", "true", "$149", "$11.92", "$160.92"],
    ["popular", "false", "$129", "$10.32", "$139.32"],
    ["popular", "true", "$179", "$14.32", "$193.32"],
    ["premium", "false", "$139", "$11.12", "$150.12"],
    ["premium", "true", "$189", "$15.12", "$204.12"],
  ])("%s with CGM %s: %s + %s tax = %s", (plan, cgm, price, tax, total) => {
    const summary = orderSummary(parsePlanChoice({ plan, cgm })!);
    expect(summary.price).toBe(price);
    expect(summary.subtotal).toBe(`${price}.00`);
    expect(summary.tax).toBe(tax);
    expect(summary.total).toBe(total);
    expect(summary.payLabel).toBe(`Pay ${total} with Stripe`);
  });
});

describe("payment countdown (SPEC §9: 480 s)", () => {
  it("formats mm:ss", () => {
    expect(formatCountdown(480)).toBe("08:00");
    expect(formatCountdown(479)).toBe("07:59");
    expect(formatCountdown(59)).toBe("00:59");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-3)).toBe("00:00");
  });

  it("counts down from 480 s after the step opened, never below 0", () => {
    expect(secondsLeft(1_000, 1_000)).toBe(480);
    expect(secondsLeft(1_000, 1_999)).toBe(480);
    expect(secondsLeft(1_000, 2_000)).toBe(479);
    expect(secondsLeft(1_000, 1_000 + 480_000)).toBe(0);
    expect(secondsLeft(1_000, 1_000 + 999_000)).toBe(0);
  });
});
