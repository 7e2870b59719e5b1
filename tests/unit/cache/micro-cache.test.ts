import { describe, expect, it } from "vitest";
import { microCache } from "@/server/cache/micro-cache";

describe("microCache", () => {
  it("shares a read for its time, then reads again; forget() makes the next call read at once", async () => {
    let reads = 0;
    const cached = microCache(async (key) => `${key}:${(reads += 1)}`, { ttlMs: () => 1000, maxKeys: 4 });
    expect(await cached("all", 0)).toBe("all:1");
    expect(await cached("all", 999)).toBe("all:1");
    expect(await cached("all", 1000)).toBe("all:2");
    cached.forget();
    expect(await cached("all", 1001)).toBe("all:3");
    expect(await cached("all", 1002)).toBe("all:3");
  });
});
