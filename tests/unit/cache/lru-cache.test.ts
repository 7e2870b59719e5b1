import { describe, expect, it } from "vitest";
import { lruCache } from "@/server/cache/lru-cache";

describe("lruCache", () => {
  it("makes a key once, keeps at most its size and lets the least recently used go first", async () => {
    const cache = lruCache<string>(2);
    const made: string[] = [];
    const get = (key: string) => cache(key, async () => (made.push(key), key.toUpperCase()));
    expect(await get("a")).toBe("A");
    await get("b");
    await get("a"); // a is now the most recently used
    await get("c"); // b goes
    await get("a");
    await get("b");
    expect(made).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps no failure: the next caller makes the value again", async () => {
    const cache = lruCache<number>(4);
    await expect(cache("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache("k", async () => 7)).toBe(7);
  });
});
