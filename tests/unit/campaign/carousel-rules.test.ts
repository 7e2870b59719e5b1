import { describe, expect, it } from "vitest";
import { CAROUSEL_AUTO_ADVANCE_MS, cardsPerView, carouselReducer, nextSlide, previousSlide } from "@/lib/campaign/carousel-rules";

describe("carousel (SPEC §4, §9)", () => {
  it("auto-advances every 4 s", () => {
    expect(CAROUSEL_AUTO_ADVANCE_MS).toBe(4000);
  });

  it.each([
    [320, 1],
    [767, 1],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1920, 3],
  ])("shows %i px wide: %i card(s) per view", (width, cards) => {
    expect(cardsPerView(width)).toBe(cards);
  });

  it("wraps to the start after the last of eight and back to the last before the first", () => {
    expect(nextSlide(6, 8)).toBe(7);
    expect(nextSlide(7, 8)).toBe(0);
    expect(previousSlide(0, 8)).toBe(7);
    expect(previousSlide(3, 8)).toBe(2);
  });

  it("a tick advances only while playing", () => {
    expect(carouselReducer({ index: 7, playing: true }, { type: "tick" }, 8)).toEqual({ index: 0, playing: true });
    expect(carouselReducer({ index: 2, playing: false }, { type: "tick" }, 8)).toEqual({ index: 2, playing: false });
  });

  it.each([
    [{ type: "next" } as const, 3],
    [{ type: "previous" } as const, 1],
    [{ type: "goTo", index: 5 } as const, 5],
  ])("manual navigation %j moves and pauses", (event, index) => {
    expect(carouselReducer({ index: 2, playing: true }, event, 8)).toEqual({ index, playing: false });
  });

  it("a dot beyond the slides goes to the last one", () => {
    expect(carouselReducer({ index: 0, playing: true }, { type: "goTo", index: 99 }, 8).index).toBe(7);
  });

  it("where a swipe comes to rest is recorded without resuming", () => {
    expect(carouselReducer({ index: 1, playing: false }, { type: "settled", index: 4 }, 8)).toEqual({ index: 4, playing: false });
  });

  it("Pause stops and Resume restarts the auto-advance", () => {
    const paused = carouselReducer({ index: 4, playing: true }, { type: "pause" }, 8);
    expect(paused).toEqual({ index: 4, playing: false });
    const resumed = carouselReducer(paused, { type: "resume" }, 8);
    expect(carouselReducer(resumed, { type: "tick" }, 8)).toEqual({ index: 5, playing: true });
  });
});
