import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/pricing/money";

describe("money as pages, receipts and the affiliate cards show it", () => {
  it.each([
    [16092, "usd", "$160.92"],
    [16092, "USD", "$160.92"],
    [0, "usd", "$0.00"],
    [5, "usd", "$0.05"],
    [123456789, "usd", "$1,234,567.89"],
  ])("formats %i %s as %s", (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it("still shows an amount for a code Intl does not accept", () => {
    expect(formatMoney(1050, "us dollars")).toBe("10.50 US DOLLARS");
  });

  it("is in US dollars unless a currency is named", () => {
    expect(formatMoney(16092)).toBe("$160.92");
    expect(formatMoney(9900)).toBe("$99.00");
  });
});
