// @vitest-environment node
import { describe, expect, it } from "vitest";
import { replacedCheckoutRefundEmail } from "@/server/email/templates/replaced-checkout-refund";

const input = {
  to: "maya@example.com",
  planName: "Popular",
  refundedCents: 19332,
  currency: "usd",
  orderReference: "3F0C7A4E",
  pricingUrl: "http://localhost:3000/how-it-works#pricing",
};

describe("replacedCheckoutRefundEmail", () => {
  it("says the earlier checkout was paid although replaced, and that it was refunded in full", async () => {
    const mail = await replacedCheckoutRefundEmail(input);
    expect(mail.to).toBe("maya@example.com");
    expect(mail.subject).toBe("Your earlier checkout has been refunded");
    expect(mail.text).toContain("You started a new checkout for the Popular plan, which replaced an earlier one.");
    expect(mail.text).toContain("We have refunded it in full: $193.32.");
    expect(mail.text).toContain("it will not bill you again");
    expect(mail.text).toContain("Choose a plan: http://localhost:3000/how-it-works#pricing");
    expect(mail.text).toContain("Order 3F0C7A4E.");
    expect(mail.html.match(/class="email-button"/g)).toHaveLength(1);
    expect(mail.attachments).toBeUndefined();
  });
});
