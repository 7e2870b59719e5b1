import { describe, expect, it, vi } from "vitest";

// The sharing is what is tested: the database count is counted, not run.
const mocks = vi.hoisted(() => ({ count: vi.fn(async () => ({ pledges: 1204, partners: 31 })) }));
vi.mock("@/server/env", () => ({ serverEnv: () => ({ PUBLIC_READ_CACHE_MS: 1000 }) }));
vi.mock("@/server/db/campaign/campaign", () => ({ countCampaign: mocks.count, savePledge: vi.fn() }));

const { campaignCounts } = await import("@/server/campaign/pledges");

describe("GET /api/campaign/pledges's counts", () => {
  it("are counted once for a flood of visitors within the second", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => campaignCounts()));
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ pledges: 1204, partners: 31 })]));
    expect(mocks.count).toHaveBeenCalledTimes(1);
  });
});
