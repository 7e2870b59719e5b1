import { describe, expect, it, vi } from "vitest";
import { SITE, member, setup } from "../../fixtures/route-fixture";

describe("route wrapper authentication", () => {
  it("refuses a protected call without a token: 401 'No authentication token available'", async () => {
    const { route } = setup();
    const response = await route({ auth: "required" }, () => ({}))(new Request(`${SITE}/api/test`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "No authentication token available", code: "unauthorized" });
  });

  it("hands the verified user to the handler for a Bearer token", async () => {
    const { route, verifyToken } = setup();
    const response = await route({ auth: "required" }, ({ user }) => ({ id: user.id }))(
      new Request(`${SITE}/api/test`, { headers: { authorization: "Bearer good-token" } }),
    );
    expect(await response.json()).toEqual({ data: { id: member.id } });
    expect(verifyToken).toHaveBeenCalledWith("good-token");
  });

  it("answers a bad token with 401", async () => {
    const { route } = setup();
    const response = await route({ auth: "required" }, () => ({}))(
      new Request(`${SITE}/api/test`, { headers: { authorization: "Bearer expired" } }),
    );
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("invalid_token");
  });

  it("lets optional auth through without a token", async () => {
    const { route } = setup();
    const response = await route({ auth: "optional" }, ({ user }) => ({ signedIn: user !== null }))(
      new Request(`${SITE}/api/test`),
    );
    expect(await response.json()).toEqual({ data: { signedIn: false } });
  });

  const sessionCookie = `sb-local-auth-token=base64-${Buffer.from(JSON.stringify({ access_token: "good-token" })).toString("base64url")}`;

  it("refuses a cookie-authenticated write from another origin with 403", async () => {
    const { route } = setup();
    const handler = vi.fn(() => ({}));
    const response = await route({ auth: "required" }, handler)(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie, origin: "https://evil.example" } }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("origin_mismatch");
    expect(handler).not.toHaveBeenCalled();
  });

  it("accepts a cookie-authenticated write from the site itself", async () => {
    const { route } = setup();
    const response = await route({ auth: "required" }, ({ user }) => ({ id: user.id }))(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie, origin: SITE } }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses a cookie-authenticated write with neither Origin nor same-origin fetch metadata", async () => {
    const { route } = setup();
    const response = await route({ auth: "required" }, () => ({}))(
      new Request(`${SITE}/api/test`, { method: "POST", headers: { cookie: sessionCookie } }),
    );
    expect(response.status).toBe(403);
  });

  it("does not apply the Origin check to Bearer-authenticated writes", async () => {
    const { route } = setup();
    const response = await route({ auth: "required" }, () => ({ ok: true }))(
      new Request(`${SITE}/api/test`, {
        method: "POST",
        headers: { authorization: "Bearer good-token", origin: "https://app.example" },
      }),
    );
    expect(response.status).toBe(200);
  });

  it("reads a session cookie split into chunks", async () => {
    const { route, verifyToken } = setup();
    const value = `base64-${Buffer.from(JSON.stringify({ access_token: "good-token" })).toString("base64url")}`;
    const cookie = `sb-local-auth-token.1=${value.slice(10)}; sb-local-auth-token.0=${value.slice(0, 10)}`;
    const response = await route({ auth: "required" }, () => ({ ok: true }))(
      new Request(`${SITE}/api/test`, { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(verifyToken).toHaveBeenCalledWith("good-token");
  });
});
