import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import type { AuthStandIn } from "../../../local/auth/auth-server";
import { authFetch, confirmedUser, startExtraAuth } from "../../fixtures/auth-client";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

// D13 / Supabase's "IP address forwarding": the app signs visitors in from its own server, so the
// auth service must count each visitor's address (Sb-Forwarded-For), not the server's.
const BUDGET = 3;
let forwarding: AuthStandIn;
let plain: AuthStandIn;
beforeAll(async () => {
  forwarding = await startExtraAuth({ rateLimits: { signInsPerWindow: BUDGET }, sbForwardedForEnabled: true });
  plain = await startExtraAuth({ rateLimits: { signInsPerWindow: BUDGET } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await forwarding.stop();
  await plain.stop();
});

const attempt = (url: string, headers: Record<string, string>, apikey = inject("authServiceRoleKey")) =>
  authFetch("/token?grant_type=password", {
    url,
    method: "POST",
    apikey,
    headers,
    body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
  });

racesOnlyOnPostgres("many visitors signing in at once");

describe("the Auth stand-in and Sb-Forwarded-For", () => {
  it("counts each forwarded visitor on its own when forwarding is enabled and the secret key is used", async () => {
    for (let visitor = 1; visitor <= 4; visitor++) {
      for (let i = 0; i < BUDGET; i++)
        expect((await attempt(forwarding.url, { "sb-forwarded-for": `198.51.100.${visitor}` })).status).toBe(400);
    }
    expect((await attempt(forwarding.url, { "sb-forwarded-for": "198.51.100.1" })).status).toBe(429);
  });

  it("ignores Sb-Forwarded-For with the publishable key, when forwarding is off, and when it is no address", async () => {
    const cases = [
      { url: forwarding.url, apikey: inject("authAnonKey"), address: (i: number) => `203.0.113.${i}` },
      { url: plain.url, apikey: inject("authServiceRoleKey"), address: (i: number) => `203.0.113.${i}` },
    ];
    for (const { url, apikey, address } of cases) {
      const statuses: number[] = [];
      for (let i = 0; i <= BUDGET; i++) statuses.push((await attempt(url, { "sb-forwarded-for": address(i) }, apikey)).status);
      expect(statuses.at(-1)).toBe(429);
    }
  });

  it("does not believe an X-Forwarded-For the client sends itself (rate-limit evasion)", async () => {
    const fresh = await startExtraAuth({ rateLimits: { signInsPerWindow: BUDGET }, sbForwardedForEnabled: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= BUDGET; i++)
        statuses.push((await attempt(fresh.url, { "x-forwarded-for": `192.0.2.${i}`, "sb-forwarded-for": "not-an-ip" })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await fresh.stop();
    }
  });
});

describe("the app's auth client forwards the visitor's trusted address", () => {
  type Jar = Map<string, { value: string; secure: boolean | undefined }>;
  const jar = (cookies: Jar = new Map()) => ({
    cookies,
    getAll: () => [...cookies].map(([name, { value }]) => ({ name, value })),
    set: (name: string, value: string, options: { secure?: boolean }) => void cookies.set(name, { value, secure: options.secure }),
  });

  async function appClientModule(authUrl: string, siteUrl = inject("authSiteUrl")) {
    vi.stubEnv("NEXT_PUBLIC_SUPABASE_URL", authUrl);
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", siteUrl);
    vi.resetModules();
    return import("@/server/supabase/server");
  }

  it("many visitors signing in at once are limited per visitor, not as one", async () => {
    const limited = await startExtraAuth({ rateLimits: { signInsPerWindow: BUDGET }, sbForwardedForEnabled: true });
    try {
      const { createSessionClient } = await appClientModule(limited.url);
      const signIn = (address: string | null) =>
        createSessionClient(jar(), address).auth.signInWithPassword({ email: "nobody@example.com", password: "not-the-password" });
      const visitors = Array.from({ length: 8 }, (_, i) => `198.51.100.${100 + i}`);
      const results = await Promise.all(visitors.flatMap((address) => Array.from({ length: BUDGET }, () => signIn(address))));
      expect(results.map((r) => r.error?.code)).toEqual(Array(visitors.length * BUDGET).fill("invalid_credentials"));
      expect((await signIn(visitors[0]!)).error?.code).toBe("over_request_rate_limit");
      // A new visitor still gets in line.
      expect((await signIn("2001:db8::77")).error?.code).toBe("invalid_credentials");
    } finally {
      await limited.stop();
    }
  });

  it("with no trusted address sends none, and the service sees only the server", async () => {
    const limited = await startExtraAuth({ rateLimits: { signInsPerWindow: BUDGET }, sbForwardedForEnabled: true });
    try {
      const { createSessionClient } = await appClientModule(limited.url);
      const codes: (string | undefined)[] = [];
      for (let i = 0; i <= BUDGET; i++) {
        codes.push(
          (await createSessionClient(jar(), null).auth.signInWithPassword({ email: "nobody@example.com", password: "x-password" })).error
            ?.code,
        );
      }
      expect(codes.at(-1)).toBe("over_request_rate_limit");
    } finally {
      await limited.stop();
    }
  });

  it("writes Secure session cookies when the site is https", async () => {
    const { email, password } = await confirmedUser();
    const { createSessionClient } = await appClientModule(inject("authUrl"), "https://glucosechallenge.app");
    const cookies: Jar = new Map();
    const { error } = await createSessionClient(jar(cookies), "198.51.100.200").auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = [...cookies].filter(([name]) => name.endsWith("-auth-token") || /-auth-token\.\d+$/.test(name));
    expect(session.length).toBeGreaterThan(0);
    for (const [, { secure }] of session) expect(secure).toBe(true);
  });
});
