import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { refundEmailsOf } from "@/server/payments/refund-email";

const refund = (id: string, amount: number, created: number, extra: Partial<Stripe.Refund> = {}) =>
  ({ id, amount, created, currency: "usd", status: "succeeded", metadata: {}, ...extra }) as Stripe.Refund;

describe("refundEmailsOf", () => {
  it("counts two refunds made within one second in Stripe's order (newest first), whatever their ids", () => {
    // The later refund's id sorts first: only the list's order says which came last.
    const newestFirst = [refund("re_A_rest", 15_592, 1_000), refund("re_Z_first", 500, 1_000)];
    expect(refundEmailsOf(newestFirst, 16_092)).toEqual([
      { stripeRefundId: "re_Z_first", amountCents: 500, currency: "usd", fullRefund: false },
      { stripeRefundId: "re_A_rest", amountCents: 15_592, currency: "usd", fullRefund: true },
    ]);
  });

  it("orders by time first, leaves out failed refunds and tells a replaced checkout's refund nothing", () => {
    const newestFirst = [
      refund("re_3", 100, 3_000),
      refund("re_failed", 900, 2_500, { status: "failed" }),
      refund("re_replaced", 50, 2_000, { metadata: { cause: "replaced_checkout" } }),
      refund("re_1", 850, 1_000),
    ];
    expect(refundEmailsOf(newestFirst, 1_000).map((e) => [e.stripeRefundId, e.fullRefund])).toEqual([
      ["re_1", false],
      ["re_3", true],
    ]);
  });
});
