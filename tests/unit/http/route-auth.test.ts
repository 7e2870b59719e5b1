import { describe, expect, it, vi } from "vitest";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { SITE, anyAnswer, member, setup } from "../../fixtures/route-fixture";

const COOKIE = sessionCookieName(publicEnv.supabaseUrl);
const sessionValue = `base64-${Buffer.from(JSON.stringify({ access_token: "good-token" })).toString("base64url")}`;

describe("route wrapper authentication", () => {
  it("refuses a protected call without a token: 401 'No authentication token available'", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, () => ({}))(new Request(`${SITE}/api/test`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "No authentication token available", code: "unauthorized" });
  });

  it("hands the verified user to the handler for a Bearer token", async () => {
    const { route, verifyToken } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, ({ user }) => ({ id: user.id }))(
      new Request(`${SITE}/api/test`, { headers: { authorization: "Bearer good-token" } }),
    );
    expect(await response.json()).toEqual({ data: { id: member.id } });
    expect(verifyToken).toHaveBeenCalledWith("good-token");
  });

  it("answers a bad token with 401", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, () => ({}))(
      new Request(`${SITE}/api/test`, { headers: { authorization: "Bearer expired" } }),
    );
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("invalid_token");
  });

  it("asks whether the token's session is live only on liveSession routes: an ended session is a 401 there", async () => {
    const { route, requireLiveSession } = setup();
    const call = (liveSession: boolean) =>
      route({ response: anyAnswer, auth: "required", liveSession }, ({ user }) => ({ id: user.id }))(
        new Request(`${SITE}/api/test`, { headers: { authorization: "Bearer ended-session-token" } }),
      );
    expect((await call(false)).status).toBe(200);
    expect(requireLiveSession).not.toHaveBeenCalled();
    const refused = await call(true);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe("invalid_token");
    expect(requireLiveSession).toHaveBeenCalledWith({ ...member, sessionId: "ended" });
  });

  it("lets optional auth through without a token", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "optional" }, ({ user }) => ({ signedIn: user !== null }))(
      new Request(`${SITE}/api/test`),
    );
    expect(await response.json()).toEqual({ data: { signedIn: false } });
  });

  const sessionCookie = `${COOKIE}=${sessionValue}`;

  it("refuses a cookie-authenticated write from another origin with 403", async () => {
    const { route } = setup();
    const handler = vi.fn(() => ({}));
    const response = await route(
      { response: anyAnswer, auth: "required" },
      handler,
    )(new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie, origin: "https://evil.example" } }));
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("origin_mismatch");
    expect(handler).not.toHaveBeenCalled();
  });

  it("accepts a cookie-authenticated write from the site itself", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, ({ user }) => ({ id: user.id }))(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie, origin: SITE } }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses a cookie-authenticated write with neither Origin nor same-origin fetch metadata", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, () => ({}))(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie } }),
    );
    expect(response.status).toBe(403);
  });

  it("does not apply the Origin check to Bearer-authenticated writes", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, auth: "required" }, () => ({ ok: true }))(
      new Request(`${SITE}/api/test`, {
        method: "POST",
        headers: { authorization: "Bearer good-token", origin: "https://app.example" },
      }),
    );
    expect(response.status).toBe(200);
  });

  it("reads a session cookie split into chunks", async () => {
    const { route, verifyToken } = setup();
    const value = sessionValue;
    const cookie = `${COOKIE}.1=${value.slice(10)}; ${COOKIE}.0=${value.slice(0, 10)}`;
    const response = await route({ response: anyAnswer, auth: "required" }, () => ({ ok: true }))(
      new Request(`${SITE}/api/test`, { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(verifyToken).toHaveBeenCalledWith("good-token");
  });

  it("reads only this project's session cookie, never another project's sb-*-auth-token", async () => {
    const { route, verifyToken } = setup();
    for (const cookie of [
      `sb-otherproject-auth-token=${sessionValue}`,
      `sb-otherproject-auth-token.0=${sessionValue}`,
      `x${COOKIE}=${sessionValue}`,
    ]) {
      const response = await route({ response: anyAnswer, auth: "required" }, () => ({ ok: true }))(
        new Request(`${SITE}/api/test`, { headers: { cookie } }),
      );
      expect(response.status).toBe(401);
    }
    expect(verifyToken).not.toHaveBeenCalled();
  });
});

describe("CSRF: every unsafe method is checked, whatever the route's auth", () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    it(`sign-out CSRF: a ${method} from another site to an auth: "none" route is refused before the handler runs`, async () => {
      const { route } = setup();
      const handler = vi.fn(() => ({ signedOut: true }));
      const forged = (headers: Record<string, string>) =>
        route({ response: anyAnswer }, handler)(new Request(`${SITE}/api/test`, { method, headers }));
      const forgeries: Record<string, string>[] = [
        { origin: "https://evil.example", cookie: `${COOKIE}=${sessionValue}` },
        { origin: "https://evil.example" },
        { origin: "null", cookie: `${COOKIE}=${sessionValue}` },
        { "sec-fetch-site": "cross-site", cookie: `${COOKIE}=${sessionValue}` },
        { "sec-fetch-site": "same-site" },
        { cookie: `${COOKIE}=${sessionValue}` },
      ];
      for (const headers of forgeries) {
        const response = await forged(headers);
        expect(response.status).toBe(403);
        expect((await response.json()).code).toBe("origin_mismatch");
      }
      expect(handler).not.toHaveBeenCalled();
    });
  }

  it("lets the site's own pages write, by Origin or by same-origin fetch metadata", async () => {
    const { route } = setup();
    const handler = route({ response: anyAnswer }, () => ({ ok: true }));
    expect((await handler(new Request(`${SITE}/api/test`, { method: "POST", headers: { origin: SITE } }))).status).toBe(200);
    const sameOrigin = { "sec-fetch-site": "same-origin", cookie: `${COOKIE}=${sessionValue}` };
    expect((await handler(new Request(`${SITE}/api/test`, { method: "POST", headers: sameOrigin }))).status).toBe(200);
  });

  it("lets callers that are no browser write: no Origin, no fetch metadata, no session cookie (webhooks, API clients)", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer }, () => ({ received: true }))(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { "stripe-signature": "t=1,v1=x" } }),
    );
    expect(response.status).toBe(200);
  });

  it("never checks safe methods", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer }, () => ({ ok: true }))(
      new Request(`${SITE}/api/test`, { headers: { origin: "https://evil.example" } }),
    );
    expect(response.status).toBe(200);
  });
});
