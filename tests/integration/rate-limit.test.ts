import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/server/db/client";
import { clientAddress, enforceRateLimit } from "@/server/http/rate-limit";
import { ApiError } from "@/server/http/api-error";

afterAll(async () => {
  await closeDb();
});

const from = (address: string) => new Request("http://localhost:3000/api/x", { headers: { "x-forwarded-for": `10.9.9.9, ${address}` } });

describe("rate limits kept in Postgres", () => {
  it("lets `limit` requests through per address and window, then answers 429 with Retry-After", async () => {
    const limit = { name: `test-${Date.now()}`, limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await enforceRateLimit(from("198.51.100.7"), limit);
    const error = await enforceRateLimit(from("198.51.100.7"), limit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    const retryAfter = Number((error as ApiError).headers?.["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address has its own budget.
    await expect(enforceRateLimit(from("198.51.100.8"), limit)).resolves.toBeUndefined();
  });

  it("counts concurrent requests exactly", async () => {
    const limit = { name: `burst-${Date.now()}`, limit: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => enforceRateLimit(from("198.51.100.9"), limit)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("reads the client address from the proxy headers, not from what the client made up", () => {
    expect(clientAddress(from("203.0.113.5"))).toBe("203.0.113.5");
    expect(clientAddress(new Request("http://x/", { headers: { "x-forwarded-for": "1.2.3.4" } }))).toBe("1.2.3.4");
    expect(clientAddress(new Request("http://x/", { headers: { "x-real-ip": "203.0.113.6", "x-forwarded-for": "1.2.3.4, 203.0.113.6" } }))).toBe("203.0.113.6");
    expect(clientAddress(new Request("http://x/"))).toBe("unknown");
  });
});
