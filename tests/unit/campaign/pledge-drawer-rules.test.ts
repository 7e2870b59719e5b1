import { describe, expect, it } from "vitest";
import { CONFETTI, CONFETTI_DELAY_MS, SHARE_TO_BADGE_MS, impactFromShare, pledgeFormReady } from "@/lib/campaign/pledge-drawer-rules";

describe("pledge drawer (SPEC §4, §5, §9)", () => {
  it("blank values after trimming block submit", () => {
    expect(pledgeFormReady("  ", "a@example.com")).toBe(false);
    expect(pledgeFormReady("Ana", " \t")).toBe(false);
    expect(pledgeFormReady("Ana", "a@example.com")).toBe(true);
  });

  it("confetti: 100 particles, spread 70, origin y 0.6, after 0.5 s; the badge 1 s after a share", () => {
    expect(CONFETTI).toEqual({ particleCount: 100, spread: 70, origin: { y: 0.6 } });
    expect(CONFETTI_DELAY_MS).toBe(500);
    expect(SHARE_TO_BADGE_MS).toBe(1000);
  });

  it("a share adds 1 to 5 people to the impact tracker", () => {
    expect(impactFromShare(() => 0)).toBe(1);
    expect(impactFromShare(() => 0.999999)).toBe(5);
    expect(impactFromShare(() => 0.5)).toBe(3);
  });
});
