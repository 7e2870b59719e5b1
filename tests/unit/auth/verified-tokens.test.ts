import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetVerifiedTokens, sessionClaims, verifiedTokenClaims } from "@/server/auth/verified-tokens";

const nowS = () => Math.floor(Date.now() / 1000);
const claimsFor = (sub: string, exp = nowS() + 3600) => ({
  sub,
  exp,
  iss: "http://auth/auth/v1",
  aud: "authenticated",
  role: "authenticated",
});

function fakeAuth(verify: (token: string) => ReturnType<typeof claimsFor> | null) {
  return {
    getClaims: vi.fn(async (token?: string) => {
      const claims = token ? verify(token) : null;
      return claims
        ? { data: { claims, header: {}, signature: new Uint8Array() }, error: null }
        : { data: null, error: new Error("invalid") };
    }),
    getSession: vi.fn(async () => ({ data: { session: { access_token: "session-token" } }, error: null })),
  };
}

afterEach(() => {
  forgetVerifiedTokens();
  vi.useRealTimers();
});

describe("verified access tokens", () => {
  it("checks a token's signature once and reuses the result for the same token", async () => {
    const auth = fakeAuth((token) => (token === "good" ? claimsFor("u1") : null));
    expect(await verifiedTokenClaims(auth as never, "good")).toMatchObject({ sub: "u1" });
    expect(await verifiedTokenClaims(auth as never, "good")).toMatchObject({ sub: "u1" });
    expect(auth.getClaims).toHaveBeenCalledTimes(1);
  });

  it("never remembers a failure: a bad token is checked (and refused) every time", async () => {
    const auth = fakeAuth(() => null);
    expect(await verifiedTokenClaims(auth as never, "forged")).toBeNull();
    expect(await verifiedTokenClaims(auth as never, "forged")).toBeNull();
    expect(auth.getClaims).toHaveBeenCalledTimes(2);
  });

  it("checks again after a minute, and never serves a token past its expiry", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z") });
    const auth = fakeAuth((token) => (token === "short" ? claimsFor("u2", nowS() + 5) : claimsFor("u3")));
    await verifiedTokenClaims(auth as never, "short");
    await verifiedTokenClaims(auth as never, "long");
    vi.setSystemTime(new Date("2026-11-25T12:00:06Z"));
    await verifiedTokenClaims(auth as never, "short");
    expect(auth.getClaims).toHaveBeenCalledTimes(3);
    vi.setSystemTime(new Date("2026-11-25T12:01:01Z"));
    await verifiedTokenClaims(auth as never, "long");
    expect(auth.getClaims).toHaveBeenCalledTimes(4);
  });

  it("reads the session (which refreshes it when due) and verifies its access token", async () => {
    const auth = fakeAuth((token) => (token === "session-token" ? claimsFor("u4") : null));
    expect(await sessionClaims(auth as never)).toMatchObject({ sub: "u4" });
    expect(auth.getSession).toHaveBeenCalledTimes(1);
    expect(auth.getClaims).toHaveBeenCalledWith("session-token");
  });

  it("is signed out without a session", async () => {
    const auth = fakeAuth(() => claimsFor("u5"));
    auth.getSession.mockResolvedValueOnce({ data: { session: null }, error: null } as never);
    expect(await sessionClaims(auth as never)).toBeNull();
    expect(auth.getClaims).not.toHaveBeenCalled();
  });
});
