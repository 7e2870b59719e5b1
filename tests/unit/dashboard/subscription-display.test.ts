import { describe, expect, it } from "vitest";
import { daysUntil, subscriptionDisplay } from "@/lib/payments/subscription-display";
import type { SubscriptionStatus } from "@/lib/payments/subscription-schema";

const NOW = new Date("2026-01-01T12:00:00.000Z");

function status(overrides: Partial<NonNullable<SubscriptionStatus["subscription"]>> = {}): SubscriptionStatus {
  return {
    hasSubscription: true,
    subscription: {
      planName: "Popular",
      status: "active",
      endDate: null,
      currentPeriodEnd: "2026-01-11T00:00:00.000Z",
      cancelAtPeriodEnd: false,
      ...overrides,
    },
  };
}

describe("subscription display (SPEC §4 table)", () => {
  it("status active: 'Active' with the plan and the days remaining, rounded up", () => {
    // 9.5 days to go: rounded up to 10.
    expect(subscriptionDisplay(status(), NOW)).toEqual({
      label: "Active",
      planName: "Popular",
      detail: "10 days remaining",
      tone: "success",
    });
  });

  it("status active with one part-day left: '1 day remaining'", () => {
    expect(subscriptionDisplay(status({ currentPeriodEnd: "2026-01-01T13:00:00.000Z" }), NOW).detail).toBe("1 day remaining");
  });

  it("status active without a period end: 'Active' with the plan and no days", () => {
    expect(subscriptionDisplay(status({ currentPeriodEnd: null }), NOW)).toMatchObject({
      label: "Active",
      planName: "Popular",
      detail: null,
    });
  });

  it("status trialing: 'Trial'", () => {
    expect(subscriptionDisplay(status({ status: "trialing" }), NOW)).toMatchObject({ label: "Trial", detail: null, tone: "info" });
  });

  it("cancelAtPeriodEnd: 'Canceling' with 'Expires in N days'", () => {
    const display = subscriptionDisplay(status({ cancelAtPeriodEnd: true, endDate: "2026-01-04T00:00:00.000Z" }), NOW);
    expect(display).toEqual({ label: "Canceling", planName: "Popular", detail: "Expires in 3 days", tone: "warning" });
  });

  it("cancelAtPeriodEnd without an end date falls back to the period end", () => {
    expect(subscriptionDisplay(status({ cancelAtPeriodEnd: true, endDate: null }), NOW).detail).toBe("Expires in 10 days");
  });

  it("cancelAtPeriodEnd with no date at all: 'Canceling' with 'Cancellation pending'", () => {
    const display = subscriptionDisplay(status({ cancelAtPeriodEnd: true, endDate: null, currentPeriodEnd: null }), NOW);
    expect(display).toMatchObject({ label: "Canceling", detail: "Cancellation pending" });
  });

  it("cancelAtPeriodEnd outranks trialing", () => {
    expect(subscriptionDisplay(status({ status: "trialing", cancelAtPeriodEnd: true }), NOW).label).toBe("Canceling");
  });

  it.each(["past_due", "canceled", "unpaid", "incomplete"])("any other status (%s) is shown as is", (other) => {
    expect(subscriptionDisplay({ ...status({ status: other }), hasSubscription: false }, NOW)).toMatchObject({
      label: other,
      planName: "Popular",
      detail: null,
    });
  });

  it("a canceled subscription that was set to cancel at period end shows its status, not 'Canceling'", () => {
    expect(subscriptionDisplay(status({ status: "canceled", cancelAtPeriodEnd: true }), NOW).label).toBe("canceled");
  });

  it("no subscription: 'No Active Subscription'", () => {
    const none = { label: "No Active Subscription", planName: null, detail: null, tone: "muted" };
    expect(subscriptionDisplay({ hasSubscription: false, subscription: null }, NOW)).toEqual(none);
    expect(subscriptionDisplay(null, NOW)).toEqual(none);
    expect(subscriptionDisplay(undefined, NOW)).toEqual(none);
  });
});

describe("days until", () => {
  it("rounds up, never goes below 0 and needs a readable date", () => {
    expect(daysUntil("2026-01-02T12:00:00.000Z", NOW)).toBe(1);
    expect(daysUntil("2026-01-02T12:00:00.001Z", NOW)).toBe(2);
    expect(daysUntil("2025-12-01T00:00:00.000Z", NOW)).toBe(0);
    expect(daysUntil(null, NOW)).toBeNull();
    expect(daysUntil("soon", NOW)).toBeNull();
  });
});
