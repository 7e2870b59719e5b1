import { describe, expect, it } from "vitest";
import { linkUsable, MIN_RENEWAL_MS, renewalDelay, RENEW_BEFORE_MS } from "@/lib/telegram/link-renewal";

const T0 = Date.parse("2026-03-02T09:00:00Z");
const MINUTE = 60_000;
const issued = (lifeMs: number, receivedAt = T0) => ({ expiresAt: new Date(T0 + lifeMs).toISOString(), receivedAt });

describe("renewing the walkthrough's one-time links", () => {
  it("renews a minute before expiresAt", () => {
    expect(RENEW_BEFORE_MS).toBe(MINUTE);
    expect(renewalDelay(issued(15 * MINUTE), T0)).toBe(14 * MINUTE);
    expect(renewalDelay(issued(30 * MINUTE), T0 + 10 * MINUTE)).toBe(19 * MINUTE);
    expect(renewalDelay(issued(15 * MINUTE), T0 + 20 * MINUTE)).toBe(0);
  });

  it("asks at most every 30 s when the browser's clock is far from the server's", () => {
    expect(renewalDelay(issued(15 * MINUTE, T0 + 40 * MINUTE), T0 + 40 * MINUTE)).toBe(MIN_RENEWAL_MS);
    expect(renewalDelay({ expiresAt: "not a date", receivedAt: T0 }, T0)).toBe(MIN_RENEWAL_MS);
  });

  it("shows a link until its expiresAt, and never after", () => {
    expect(linkUsable(issued(15 * MINUTE), T0 + 15 * MINUTE - 1)).toBe(true);
    expect(linkUsable(issued(15 * MINUTE), T0 + 15 * MINUTE)).toBe(false);
    expect(linkUsable({ expiresAt: "not a date", receivedAt: T0 }, T0)).toBe(false);
  });

  it("shows a link that looked lapsed on arrival (the clocks disagree) until its renewal", () => {
    expect(linkUsable(issued(15 * MINUTE, T0 + 40 * MINUTE), T0 + 40 * MINUTE)).toBe(true);
  });
});
