import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, db } from "@/server/db/client";
import { route } from "@/server/http";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { ApiError } from "@/server/http/api-error";
import { signInLimits, authEmailLimits } from "@/server/http/rate-limits";
import { racesOnlyOnPostgres } from "../fixtures/postgres-only";

afterAll(async () => {
  await closeDb();
});

// The integration setup trusts X-Real-IP, as a proxy that sets it would have us do.
const from = (address: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/x", { headers: { "x-real-ip": address, ...headers } });

racesOnlyOnPostgres("concurrent requests counted against one limit");

describe("rate limits kept in Postgres", () => {
  it("lets `limit` requests through per address and window, then answers 429 with Retry-After", async () => {
    const limit = { name: `test-${Date.now()}`, limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await enforceRateLimit(from("198.51.100.7"), limit);
    const error = await enforceRateLimit(from("198.51.100.7"), limit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    const retryAfter = Number((error as ApiError).headers?.["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // The window ends within 60 s; the next one opens once a third of it has slid past (3 per 60 s).
    expect(retryAfter).toBeLessThanOrEqual(60 + 20);
    // Another address has its own budget.
    await expect(enforceRateLimit(from("198.51.100.8"), limit)).resolves.toBeUndefined();
  });

  it("counts concurrent requests exactly", async () => {
    const limit = { name: `burst-${Date.now()}`, limit: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => enforceRateLimit(from("198.51.100.9"), limit)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("a burst that used the limit at the end of the last window still counts just after the boundary", async () => {
    const limit = { name: `boundary-${Date.now()}`, limit: 5, windowSeconds: 3600 };
    // Five requests counted in the window before the current one, as a burst just before it ended.
    await db()`
      insert into public.rate_limit_hits (bucket, window_start, hits)
      values (${`${limit.name}:198.51.100.11`},
        to_timestamp(floor(extract(epoch from now()) / 3600) * 3600) - interval '3600 seconds', 5)`;
    const elapsedShare = async () => {
      const [row] = await db()<{ share: number }[]>`select (mod(extract(epoch from now()), 3600) / 3600)::float8 as share`;
      return row?.share ?? Number.NaN;
    };
    const before = await elapsedShare();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => enforceRateLimit(from("198.51.100.11"), limit)));
    const after = await elapsedShare();
    // Only the share of the hour already elapsed comes back; a fixed window would have passed all five.
    const passed = results.filter((r) => r.status === "fulfilled").length;
    expect(passed).toBeGreaterThanOrEqual(Math.floor(5 * before));
    expect(passed).toBeLessThanOrEqual(Math.floor(5 * after));
  });

  it("spoofed X-Forwarded-For headers do not buy a fresh budget when they are not the trusted header", async () => {
    const limit = { name: `spoof-${Date.now()}`, limit: 2, windowSeconds: 60 };
    const spoofed = (i: number) => from("198.51.100.10", { "x-forwarded-for": `10.0.0.${i}`, "cf-connecting-ip": `10.1.0.${i}` });
    await enforceRateLimit(spoofed(1), limit);
    await enforceRateLimit(spoofed(2), limit);
    await expect(enforceRateLimit(spoofed(3), limit)).rejects.toMatchObject({ status: 429 });
  });

  it("addresses in one IPv6 /64 share a budget", async () => {
    const limit = { name: `v6-${Date.now()}`, limit: 2, windowSeconds: 60 };
    await enforceRateLimit(from("2001:db8:7:1::1"), limit);
    await enforceRateLimit(from("2001:db8:7:1:ffff::2"), limit);
    await expect(enforceRateLimit(from("2001:db8:7:1::3"), limit)).rejects.toMatchObject({ status: 429 });
    await expect(enforceRateLimit(from("2001:db8:7:2::1"), limit)).resolves.toBeUndefined();
  });
});

describe("account lockouts count per account and client address", () => {
  const schema = z.object({ email: z.string() });
  const signIn = route({ response: z.object({ attempted: z.boolean() }), body: schema, rateLimits: signInLimits }, () => ({
    attempted: true,
  }));
  const emailLink = route({ response: z.object({ sent: z.boolean() }), body: schema, rateLimits: authEmailLimits }, () => ({ sent: true }));
  const post = (handler: typeof signIn, email: string, address: string) =>
    handler(
      new Request("http://localhost:3000/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json", "x-real-ip": address },
        body: JSON.stringify({ email }),
      }),
    );

  it("a stranger hammering a member's sign-in from another address does not lock the member out", async () => {
    const email = `member-${Date.now()}@example.com`;
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++) stranger.push((await post(signIn, email, "203.0.113.66")).status);
    expect(stranger.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(stranger.slice(10)).toEqual([429, 429]);
    expect((await post(signIn, email, "198.51.100.20")).status).toBe(200);
  });

  it("a stranger asking for a member's reset or sign-in emails does not use up the member's own", async () => {
    const email = `reset-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post(emailLink, email, "203.0.113.67")).status).toBe(200);
    expect((await post(emailLink, email, "203.0.113.67")).status).toBe(429);
    expect((await post(emailLink, email, "198.51.100.21")).status).toBe(200);
  });

  it("counts an inbox's auth emails however its address is spelled: the sixth +tag sign-up in an hour is a 429", async () => {
    const name = `tagged${Date.now()}`;
    for (let i = 0; i < 5; i++) expect((await post(emailLink, `${name}+${i}@example.com`, "203.0.113.68")).status).toBe(200);
    expect((await post(emailLink, `${name}+5@example.com`, "203.0.113.68")).status).toBe(429);
    const gmail = `${name.slice(0, 3)}.${name.slice(3)}`;
    for (const spelling of [
      `${name}@gmail.com`,
      `${gmail}@gmail.com`,
      `${name}+a@googlemail.com`,
      `${gmail}+b@gmail.com`,
      `${name.toUpperCase()}@GMAIL.COM`,
    ]) {
      expect((await post(emailLink, spelling, "203.0.113.69")).status).toBe(200);
    }
    expect((await post(emailLink, `${gmail}+c@googlemail.com`, "203.0.113.69")).status).toBe(429);
  });
});
