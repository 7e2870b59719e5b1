import { describe, expect, it } from "vitest";
import { orderReferenceRange, parseOrderSearch } from "@/lib/operator/order-search";
import { likeContains, likePrefix } from "@/server/db/like-pattern";
import { centsFromAmount, orderRefundRequestSchema } from "@/lib/operator/order-schemas";
import { refundableCents, type RefundLedger } from "@/lib/operator/refund-rules";

// Orders and money: what a search can name, how much is left to refund, amounts as typed.

describe("an order search", () => {
  it("reads a Stripe id by its prefix, and nothing else from it", () => {
    expect(parseOrderSearch(" cs_test_a1B2 ")).toEqual({
      emailPrefix: null,
      orderId: null,
      orderReference: null,
      stripe: { kind: "checkout_session", id: "cs_test_a1B2" },
      refundId: null,
      cohortName: null,
    });
    expect(parseOrderSearch("pi_3Abc")?.stripe).toEqual({ kind: "payment_intent", id: "pi_3Abc" });
    expect(parseOrderSearch("ch_3Abc")?.stripe?.kind).toBe("charge");
    expect(parseOrderSearch("py_3Abc")?.stripe?.kind).toBe("charge");
    expect(parseOrderSearch("in_1Abc")?.stripe?.kind).toBe("invoice");
    expect(parseOrderSearch("sub_1Abc")?.stripe?.kind).toBe("subscription");
    expect(parseOrderSearch("cus_1Abc")?.stripe?.kind).toBe("customer");
  });

  it("reads an order id, an order reference as the emails print it, and an address's beginning, in any case", () => {
    const id = "1A2B3C4D-0000-4000-8000-00000000000F";
    expect(parseOrderSearch(id)).toMatchObject({ orderId: id.toLowerCase(), orderReference: null });
    expect(parseOrderSearch("Order 1A2B3C4D")).toMatchObject({ orderReference: "1a2b3c4d", emailPrefix: "1a2b3c4d" });
    expect(parseOrderSearch("Ann.Lee@Example.com")).toMatchObject({
      emailPrefix: "ann.lee@example.com",
      orderId: null,
      orderReference: null,
      stripe: null,
    });
    expect(parseOrderSearch("")).toBeNull();
    expect(parseOrderSearch("two words")).toEqual({
      emailPrefix: null,
      orderId: null,
      orderReference: null,
      stripe: null,
      refundId: null,
      cohortName: "two words",
    });
    expect(parseOrderSearch("re_3Abc")).toMatchObject({ refundId: "re_3Abc", stripe: null, emailPrefix: null, cohortName: null });
    expect(parseOrderSearch("pyr_3Abc")?.refundId).toBe("pyr_3Abc");
  });

  it("takes LIKE's wildcards literally and covers exactly the ids a reference starts", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
    expect(likeContains("50%")).toBe("%50\\%%");
    expect(orderReferenceRange("1a2b3c4d")).toEqual(["1a2b3c4d-0000-0000-0000-000000000000", "1a2b3c4d-ffff-ffff-ffff-ffffffffffff"]);
  });
});

describe("what is left to refund", () => {
  const paid = (refunds: RefundLedger["refunds"] = [], refundedCents = 0): RefundLedger => ({
    status: "paid",
    totalCents: 10_000,
    refundedCents,
    refunds,
  });

  it("is the whole amount of a paid order without refunds, and nothing of any other order", () => {
    expect(refundableCents(paid())).toBe(10_000);
    for (const status of ["pending", "expired", "failed", "refunded", "charged_back"] as const)
      expect(refundableCents({ ...paid(), status })).toBe(0);
  });

  it("counts refunds still on their way to Stripe, and Stripe's totals once it made them, never twice", () => {
    expect(refundableCents(paid([{ status: "pending", amountCents: 3_000, chargeRefundedCents: null }]))).toBe(7_000);
    // Made at Stripe, its webhook not processed yet: the charge's total after it counts.
    expect(refundableCents(paid([{ status: "succeeded", amountCents: 3_000, chargeRefundedCents: 3_000 }]))).toBe(7_000);
    // The webhook recorded it on the order too: still 3,000, not 6,000.
    expect(refundableCents(paid([{ status: "succeeded", amountCents: 3_000, chargeRefundedCents: 3_000 }], 3_000))).toBe(7_000);
    // A refund made in Stripe's dashboard shows in the order's figure only.
    expect(refundableCents(paid([{ status: "succeeded", amountCents: 3_000, chargeRefundedCents: 3_000 }], 5_000))).toBe(5_000);
    expect(refundableCents(paid([{ status: "failed", amountCents: 3_000, chargeRefundedCents: null }]))).toBe(10_000);
    expect(refundableCents(paid([{ status: "pending", amountCents: 9_000, chargeRefundedCents: null }], 2_000))).toBe(0);
  });
});

describe("a refund as typed and as sent", () => {
  it("reads dollars with at most two decimals as cents", () => {
    expect(centsFromAmount("25")).toBe(2_500);
    expect(centsFromAmount("$ 25.5")).toBe(2_550);
    expect(centsFromAmount("0,05")).toBe(5);
    expect(centsFromAmount("160.92")).toBe(16_092);
    for (const text of ["", "abc", "1.234", "-5", "1e3", "12.3.4"]) expect(centsFromAmount(text), text).toBeNull();
  });

  it("is whole cents with a reason and the browser's request key", () => {
    const key = "6f1c2b4e-8d1b-4b4e-9a57-2f1c3c1d9e10";
    expect(orderRefundRequestSchema.safeParse({ amountCents: 500, reason: "duplicate", requestKey: key }).success).toBe(true);
    for (const body of [
      { amountCents: 0, reason: "duplicate", requestKey: key },
      { amountCents: 1.5, reason: "duplicate", requestKey: key },
      { amountCents: "500", reason: "duplicate", requestKey: key },
      { amountCents: 500, reason: "other", requestKey: key },
      { amountCents: 500, reason: "duplicate" },
      { amountCents: 500, reason: "duplicate", requestKey: key, note: "x".repeat(501) },
    ]) {
      expect(orderRefundRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
