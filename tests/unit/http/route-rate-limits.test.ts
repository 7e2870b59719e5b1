import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { AuthUser } from "@/server/auth/auth-user";
import { SITE, anyAnswer, bodySchema, member, post, setup } from "../../fixtures/route-fixture";

const signedIn = (headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/test`, {
    method: "POST",
    headers: { authorization: "Bearer good-token", "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: "maya@example.com" }),
  });

describe("route rate limits keyed on the request's context", () => {
  it("counts a limit per the signed-in account when its key is taken from the user", async () => {
    const { route, enforceRateLimit } = setup();
    const perAccount = {
      name: "per-account",
      limit: 5,
      windowSeconds: 60,
      alsoPerClient: true,
      per: ({ user }: { user: AuthUser }) => user.id,
    };
    const response = await route({ auth: "required", response: anyAnswer, rateLimits: [perAccount] }, () => ({ ok: true }))(signedIn());
    expect(response.status).toBe(200);
    expect(enforceRateLimit).toHaveBeenCalledExactlyOnceWith(expect.any(Request), perAccount, member.id);
  });

  it("hands `per` the parsed body, the user and the address's parameters together", async () => {
    const { route, enforceRateLimit } = setup();
    const per = vi.fn(
      ({ body, user, params }: { body: { email: string }; user: AuthUser; params: { id: string } }) =>
        `${user.id}:${params.id}:${body.email}`,
    );
    const handler = route(
      {
        auth: "required",
        params: z.object({ id: z.string() }),
        body: bodySchema,
        response: anyAnswer,
        rateLimits: [{ name: "combined", limit: 5, windowSeconds: 60, per }],
      },
      () => ({ ok: true }),
    );
    const response = await handler(signedIn(), { params: Promise.resolve({ id: "post-7" }) });
    expect(response.status).toBe(200);
    expect(enforceRateLimit).toHaveBeenCalledWith(
      expect.any(Request),
      expect.objectContaining({ name: "combined" }),
      `${member.id}:post-7:maya@example.com`,
    );
  });

  it("counts nothing against an account's key for a caller without a token (401 first)", async () => {
    const { route, enforceRateLimit } = setup();
    const perAccount = { name: "per-account", limit: 5, windowSeconds: 60, per: ({ user }: { user: AuthUser }) => user.id };
    const response = await route({ auth: "required", response: anyAnswer, rateLimits: [perAccount] }, () => ({ ok: true }))(
      post(JSON.stringify({})),
    );
    expect(response.status).toBe(401);
    expect(enforceRateLimit).not.toHaveBeenCalled();
  });
});

describe("route rate limits taken only on a cache miss", () => {
  const drawLimit = { name: "draw", limit: 1, windowSeconds: 60, onCacheMiss: true };
  const get = (headers: Record<string, string> = {}) => new Request(`${SITE}/api/card`, { headers });

  it("counts nothing when the handler answers from its cache", async () => {
    const { route, enforceRateLimit } = setup();
    const response = await route({ response: anyAnswer, rateLimits: [drawLimit] }, () => ({ cached: true }))(get());
    expect(response.status).toBe(200);
    expect(enforceRateLimit).not.toHaveBeenCalled();
  });

  it("counts the limit once when the handler says its answer was not cached, however often it says so", async () => {
    const { route, enforceRateLimit } = setup();
    const response = await route({ response: anyAnswer, rateLimits: [drawLimit] }, async ({ cacheMiss }) => {
      await cacheMiss();
      await cacheMiss();
      return { drawn: true };
    })(get());
    expect(response.status).toBe(200);
    expect(enforceRateLimit).toHaveBeenCalledExactlyOnceWith(expect.any(Request), drawLimit);
  });

  it("takes the route's other limits up front, and only those", async () => {
    const { route, enforceRateLimit } = setup();
    const upFront = { name: "every-request", limit: 100, windowSeconds: 60 };
    await route({ response: anyAnswer, rateLimits: [upFront, drawLimit] }, () => ({ cached: true }))(get());
    expect(enforceRateLimit).toHaveBeenCalledExactlyOnceWith(expect.any(Request), upFront);
  });

  it("answers 429 with Retry-After from the miss, and the work after it is not done", async () => {
    const { route } = setup();
    const draw = vi.fn();
    const response = await route({ response: anyAnswer, rateLimits: [drawLimit] }, async ({ cacheMiss }) => {
      await cacheMiss();
      draw();
      return { drawn: true };
    })(get({ "x-forwarded-for": "203.0.113.9" }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
    expect(draw).not.toHaveBeenCalled();
  });
});
