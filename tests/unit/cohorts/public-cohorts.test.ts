import { beforeEach, describe, expect, it, vi } from "vitest";

// The cache is what is tested: the database reads are counted, not run.
const mocks = vi.hoisted(() => ({ ttl: 1000, list: vi.fn(), one: vi.fn() }));
vi.mock("@/server/env", () => ({ serverEnv: () => ({ PUBLIC_READ_CACHE_MS: mocks.ttl }) }));
vi.mock("@/server/db/cohorts/cohort-queries", () => ({ listUpcomingCohorts: mocks.list, getCohort: mocks.one }));

const { publicCohort, upcomingCohorts } = await import("@/server/cohorts/public-cohorts");

let reads = 0;
beforeEach(() => {
  mocks.ttl = 1000;
  mocks.list.mockReset();
  mocks.list.mockImplementation(async (language: string) => [{ id: `${language}-${(reads += 1)}` }]);
  mocks.one.mockReset();
  mocks.one.mockImplementation(async (id: string) => (id.startsWith("missing") ? null : { id, read: (reads += 1) }));
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

describe("the public cohort cache", () => {
  it("reads one cohort once for everyone asking within the second, each cohort apart", async () => {
    const t = 5_000_000;
    const answers = await Promise.all(Array.from({ length: 50 }, () => publicCohort("c-1", t)));
    expect(mocks.one).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const other = await publicCohort("c-2", t);
    expect(other).toMatchObject({ id: "c-2" });
    expect(mocks.one).toHaveBeenCalledTimes(2);
    await publicCohort("c-1", t + 1000);
    expect(mocks.one).toHaveBeenCalledTimes(3);
  });

  it("answers a cohort that does not exist as missing, and reads again after the second", async () => {
    const t = 6_000_000;
    await expect(publicCohort("missing-1", t)).resolves.toBeNull();
    await expect(publicCohort("missing-1", t + 1000)).resolves.toBeNull();
    expect(mocks.one).toHaveBeenCalledTimes(2);
  });

  it("never holds more than 256 cohorts: a flood of made-up ids empties it instead of growing it", async () => {
    const t = 7_000_000;
    await publicCohort("kept", t);
    for (let i = 0; i < 256; i++) await publicCohort(`flood-${i}`, t);
    expect(mocks.one).toHaveBeenCalledTimes(257);
    // The 257th key emptied the cache: the first cohort is read again, though still within its second.
    await publicCohort("kept", t + 1);
    expect(mocks.one).toHaveBeenCalledTimes(258);
  });
});
