import { describe, expect, it } from "vitest";
import {
  allDone,
  BOT_SETUP_STEPS,
  canGoNext,
  canJumpTo,
  markDone,
  nextStep,
  readProgress,
  walkthroughVisible,
  withTelegramLinked,
} from "@/lib/telegram/bot-setup-rules";

const progress = (currentStep: number, completedSteps: number[]) => readProgress({ currentStep, completedSteps });

describe("the bot set-up walkthrough (SPEC §4)", () => {
  it("has the spec's four steps", () => {
    expect(BOT_SETUP_STEPS).toEqual([
      "Prepare Your Phone",
      "Download the messaging app",
      "Link the messaging account",
      "Open the Bot Link",
    ]);
  });

  it("jumps to a step at or before the current one, after a done step, or to step 0", () => {
    const p = progress(1, [2]);
    expect(canJumpTo(p, 0)).toBe(true);
    expect(canJumpTo(p, 1)).toBe(true);
    expect(canJumpTo(p, 2)).toBe(false);
    expect(canJumpTo(p, 3)).toBe(true);
    expect(canJumpTo(p, 4)).toBe(false);
  });

  it("enables Next only when the current step is done or is the last", () => {
    expect(canGoNext(progress(0, []))).toBe(false);
    expect(canGoNext(progress(0, [0]))).toBe(true);
    expect(canGoNext(progress(3, []))).toBe(true);
  });

  it("marks a step done once and moves to the next, staying on the last", () => {
    const p = markDone(markDone(progress(0, []), 0), 0);
    expect(p.completedSteps).toEqual([0]);
    expect(nextStep(0)).toBe(1);
    expect(nextStep(3)).toBe(3);
  });

  it("hides itself once all four are done unless forced", () => {
    expect(walkthroughVisible(progress(3, [0, 1, 2]), false)).toBe(true);
    expect(walkthroughVisible(progress(3, [0, 1, 2, 3]), false)).toBe(false);
    expect(walkthroughVisible(progress(3, [0, 1, 2, 3]), true)).toBe(true);
    expect(allDone([3, 2, 1, 0])).toBe(true);
  });

  it("reads a malformed stored object as a fresh start", () => {
    expect(readProgress({ currentStep: 9, completedSteps: [1, "x", -1, 1.5, 1], telegramLinked: "yes" })).toEqual({
      currentStep: 0,
      completedSteps: [1],
      telegramLinked: false,
      telegramUsername: null,
      lastUpdated: null,
    });
    expect(readProgress(null).currentStep).toBe(0);
  });

  it("completes the last step when the chat is linked, with the username", () => {
    const linked = withTelegramLinked(progress(2, [0, 1, 2]), "ada", new Date("2026-12-01T00:00:00Z"));
    expect(linked).toMatchObject({
      completedSteps: [0, 1, 2, 3],
      telegramLinked: true,
      telegramUsername: "ada",
      lastUpdated: "2026-12-01T00:00:00.000Z",
    });
  });
});
