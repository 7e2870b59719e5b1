import { describe, expect, it } from "vitest";
import { checkoutResultSchema, orderEmailsStatus } from "@/lib/payments/checkout-result-schema";

describe("where a paid order's emails stand (orderEmailsStatus)", () => {
  it("is sent once every email of the order went out", () => {
    expect(orderEmailsStatus({ queued: 0, sent: 2, failed: 0 })).toBe("sent");
  });

  it("is queued while any email is still on its way", () => {
    expect(orderEmailsStatus({ queued: 1, sent: 1, failed: 0 })).toBe("queued");
    expect(orderEmailsStatus({ queued: 2, sent: 0, failed: 0 })).toBe("queued");
  });

  it("is failed as soon as one email failed, even while another is queued", () => {
    expect(orderEmailsStatus({ queued: 1, sent: 0, failed: 1 })).toBe("failed");
    expect(orderEmailsStatus({ queued: 0, sent: 1, failed: 1 })).toBe("failed");
  });

  it("is none for an order with no email to send", () => {
    expect(orderEmailsStatus({ queued: 0, sent: 0, failed: 0 })).toBe("none");
  });
});

describe("checkoutResultSchema", () => {
  it("a paid result carries its emails' state; one without it is refused", () => {
    const paid = { status: "paid", planName: "Starter", cohort: null, emails: "queued" };
    expect(checkoutResultSchema.parse(paid)).toEqual(paid);
    expect(checkoutResultSchema.safeParse({ status: "paid", planName: "Starter", cohort: null }).success).toBe(false);
    expect(checkoutResultSchema.safeParse({ ...paid, emails: "lost" }).success).toBe(false);
  });
});
