import { describe, expect, it, vi } from "vitest";

// The sharing is what is tested: the database count is counted, not run.
const mocks = vi.hoisted(() => ({ count: vi.fn(async () => 1204) }));
vi.mock("@/server/env", () => ({ serverEnv: () => ({ PUBLIC_READ_CACHE_MS: 1000 }) }));
vi.mock("@/server/db/campaign", () => ({ countPledges: mocks.count, savePledge: vi.fn() }));

const { pledgeCount } = await import("@/server/campaign/pledges");

describe("GET /api/campaign/pledges's count", () => {
  it("is counted once for a flood of visitors within the second", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => pledgeCount()));
    expect(new Set(answers)).toEqual(new Set([1204]));
    expect(mocks.count).toHaveBeenCalledTimes(1);
  });
});
