import { beforeEach, describe, expect, it, vi } from "vitest";

// The cache is what is tested: the database read is counted, not run.
const mocks = vi.hoisted(() => ({ ttl: 1000, list: vi.fn() }));
vi.mock("@/server/env", () => ({ serverEnv: () => ({ COHORT_LIST_CACHE_MS: mocks.ttl }) }));
vi.mock("@/server/db/cohort-queries", () => ({ listUpcomingCohorts: mocks.list }));

const { upcomingCohorts } = await import("@/server/cohorts/upcoming-cohorts");

let reads = 0;
beforeEach(() => {
  mocks.ttl = 1000;
  mocks.list.mockReset();
  mocks.list.mockImplementation(async (language: string) => [{ id: `${language}-${(reads += 1)}` }]);
});

describe("the public cohort list cache", () => {
  it("reads once for everyone asking within the second, then again", async () => {
    const t = 1_000_000;
    const answers = await Promise.all(Array.from({ length: 50 }, () => upcomingCohorts("en", t)));
    expect(mocks.list).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await upcomingCohorts("en", t + 999);
    expect(mocks.list).toHaveBeenCalledTimes(1);
    await upcomingCohorts("en", t + 1000);
    expect(mocks.list).toHaveBeenCalledTimes(2);
  });

  it("keeps each language apart", async () => {
    const t = 2_000_000;
    const [en, es] = await Promise.all([upcomingCohorts("en", t), upcomingCohorts("es", t)]);
    expect(en[0]!.id).toMatch(/^en-/);
    expect(es[0]!.id).toMatch(/^es-/);
  });

  it("does not keep a failed read", async () => {
    const t = 3_000_000;
    mocks.list.mockRejectedValueOnce(new Error("database down"));
    await expect(upcomingCohorts("fr", t)).rejects.toThrow("database down");
    await expect(upcomingCohorts("fr", t + 1)).resolves.toHaveLength(1);
    expect(mocks.list).toHaveBeenCalledTimes(2);
  });

  it("reads every time when the cache is off", async () => {
    mocks.ttl = 0;
    await upcomingCohorts("de", 4_000_000);
    await upcomingCohorts("de", 4_000_000);
    expect(mocks.list).toHaveBeenCalledTimes(2);
  });
});
