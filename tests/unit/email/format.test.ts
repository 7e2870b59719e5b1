// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDate, formatHours } from "@/server/email/format";

describe("email formatting", () => {
  it("formats a cohort day in UTC, e.g. Mon, Dec 7, 2026", () => {
    expect(formatDate(new Date("2026-12-07T00:00:00Z"))).toBe("Mon, Dec 7, 2026");
    expect(formatDate(new Date("2026-12-07T23:30:00Z"))).toBe("Mon, Dec 7, 2026");
  });

  it("pluralises hours", () => {
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(24)).toBe("24 hours");
  });
});
