import { describe, expect, it } from "vitest";
import { slidingWindowVerdict } from "@/server/http/rate-limit";

const limit = { limit: 10, windowSeconds: 60 };

describe("slidingWindowVerdict", () => {
  it("passes up to the limit within one window and refuses the next", () => {
    expect(slidingWindowVerdict({ hits: 10, previousHits: 0, elapsedSeconds: 5 }, limit)).toEqual({ allowed: true });
    expect(slidingWindowVerdict({ hits: 11, previousHits: 0, elapsedSeconds: 5 }, limit).allowed).toBe(false);
  });

  it("refuses a burst just after a window boundary when the burst just before it used the limit", () => {
    // A bare fixed window would let this pass: the current window holds one request.
    expect(slidingWindowVerdict({ hits: 1, previousHits: 10, elapsedSeconds: 0.01 }, limit).allowed).toBe(false);
  });

  it("lets the previous window's requests slide out in proportion to the time elapsed", () => {
    // Half the previous window still overlaps: 10 × 0.5 + 5 = 10 passes, one more does not.
    expect(slidingWindowVerdict({ hits: 5, previousHits: 10, elapsedSeconds: 30 }, limit)).toEqual({ allowed: true });
    expect(slidingWindowVerdict({ hits: 6, previousHits: 10, elapsedSeconds: 30 }, limit).allowed).toBe(false);
  });

  it("counts at most the limit from the previous window, so knocking after a 429 does not extend the lockout", () => {
    const knocked = slidingWindowVerdict({ hits: 1, previousHits: 500, elapsedSeconds: 6 }, limit);
    const quiet = slidingWindowVerdict({ hits: 1, previousHits: 10, elapsedSeconds: 6 }, limit);
    expect(knocked).toEqual(quiet);
    expect(knocked).toEqual({ allowed: true });
  });

  it.each([
    { hits: 1, previousHits: 10, elapsedSeconds: 0.5 },
    { hits: 7, previousHits: 9, elapsedSeconds: 12 },
    { hits: 10, previousHits: 10, elapsedSeconds: 40 },
    { hits: 11, previousHits: 0, elapsedSeconds: 3 },
    { hits: 40, previousHits: 3, elapsedSeconds: 59 },
  ])("a client that waits Retry-After passes, one that comes back a second sooner does not (%o)", (count) => {
    const verdict = slidingWindowVerdict(count, limit);
    if (verdict.allowed) throw new Error("expected a refusal");
    // The refused request is counted already; the retry is the next one, in this window or the next.
    const retry = (seconds: number) => {
      const at = count.elapsedSeconds + seconds;
      const next =
        at < limit.windowSeconds
          ? { hits: count.hits + 1, previousHits: count.previousHits, elapsedSeconds: at }
          : { hits: 1, previousHits: count.hits, elapsedSeconds: at - limit.windowSeconds };
      return slidingWindowVerdict(next, limit);
    };
    expect(retry(verdict.retryAfterSeconds)).toEqual({ allowed: true });
    if (verdict.retryAfterSeconds > 1) expect(retry(verdict.retryAfterSeconds - 1).allowed).toBe(false);
  });

  it("never asks for less than a second", () => {
    const verdict = slidingWindowVerdict({ hits: 101, previousHits: 0, elapsedSeconds: 0.995 }, { limit: 100, windowSeconds: 1 });
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
