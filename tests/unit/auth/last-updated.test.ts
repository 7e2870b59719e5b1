import { describe, expect, it } from "vitest";
import { JUST_NOW, LAST_UPDATED_REFRESH_MS, formatLastUpdated } from "@/lib/last-updated";

const loadedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
const seconds = (n: number) => loadedAt + n * 1000;

describe("the dashboard's 'Last updated' line", () => {
  it("reads 'Just now' for the first minute", () => {
    expect(formatLastUpdated(loadedAt, loadedAt)).toBe("Just now");
    expect(formatLastUpdated(loadedAt, seconds(10))).toBe(JUST_NOW);
    expect(formatLastUpdated(loadedAt, seconds(59.999))).toBe(JUST_NOW);
  });

  it("reads '1 minute ago' from one minute, not '1 minutes ago'", () => {
    expect(formatLastUpdated(loadedAt, seconds(60))).toBe("1 minute ago");
    expect(formatLastUpdated(loadedAt, seconds(119))).toBe("1 minute ago");
  });

  it("reads 'N minutes ago' in whole minutes after that", () => {
    expect(formatLastUpdated(loadedAt, seconds(120))).toBe("2 minutes ago");
    expect(formatLastUpdated(loadedAt, seconds(45 * 60 + 59))).toBe("45 minutes ago");
    expect(formatLastUpdated(loadedAt, seconds(180 * 60))).toBe("180 minutes ago");
  });

  it("reads 'Just now' when the clock is behind the load time or the time is not a number", () => {
    expect(formatLastUpdated(loadedAt, seconds(-300))).toBe(JUST_NOW);
    expect(formatLastUpdated(Number.NaN, loadedAt)).toBe(JUST_NOW);
  });

  it("is refreshed every 10 seconds", () => {
    expect(LAST_UPDATED_REFRESH_MS).toBe(10_000);
  });
});
