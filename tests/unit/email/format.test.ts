// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDate, formatHours, formatMoney } from "@/server/email/format";

describe("email formatting", () => {
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

  it("formats a cohort day in UTC, e.g. Mon, Dec 7, 2026", () => {
    expect(formatDate(new Date("2026-12-07T00:00:00Z"))).toBe("Mon, Dec 7, 2026");
    expect(formatDate(new Date("2026-12-07T23:30:00Z"))).toBe("Mon, Dec 7, 2026");
  });

  it("pluralises hours", () => {
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(24)).toBe("24 hours");
  });
});
