// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";

const mocks = vi.hoisted(() => ({
  getSession: vi.fn(async (): Promise<{ data: { session: { access_token: string } | null } }> => ({ data: { session: null } })),
}));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => ({ auth: { getSession: mocks.getSession } }) }));

import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";

const itemSchema = z.object({
  name: z.string(),
  note: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? ""),
  ),
});

function answer(response: Response | (() => Response)) {
  const fetchMock = vi.fn<typeof fetch>(async () => (typeof response === "function" ? response() : response));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

function sentHeaders(fetchMock: ReturnType<typeof answer>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`Expected an ApiRequestError, got ${String(error)}`);
  return error;
}

function signIn(token: string | null) {
  mocks.getSession.mockResolvedValue({ data: { session: token ? { access_token: token } : null } });
}

const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);

beforeEach(() => {
  vi.clearAllMocks();
  signIn(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe("apiRequest: the { data } envelope", () => {
  it("answers the data, parsed with the resource's schema", async () => {
    answer(json(200, { data: { name: "Kickstart", note: null } }));
    await expect(apiRequest({ path: "/api/things/1", schema: itemSchema })).resolves.toEqual({ name: "Kickstart", note: "" });
  });

  it("sends the method and a JSON body, and no token unless asked to", async () => {
    const fetchMock = answer(json(200, { data: { name: "ok" } }));
    await apiRequest({ method: "POST", path: "/api/things", body: { name: "x" }, schema: itemSchema });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/things");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify({ name: "x" }) });
    expect(sentHeaders(fetchMock).get("content-type")).toBe("application/json");
    expect(sentHeaders(fetchMock).get("accept")).toBe("application/json");
    expect(sentHeaders(fetchMock).has("authorization")).toBe(false);
    expect(mocks.getSession).not.toHaveBeenCalled();
  });

  it("sends no body and no content type on a GET", async () => {
    const fetchMock = answer(json(200, { data: { name: "ok" } }));
    await apiRequest({ path: "/api/things", schema: itemSchema });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: "GET", body: undefined });
    expect(sentHeaders(fetchMock).has("content-type")).toBe(false);
  });
});

describe("apiRequest: failures are one error type (SPEC §8: the server's error, else the raw text, else a default)", () => {
  it("carries the server's error, code, field details and status", async () => {
    answer(
      json(422, {
        error: "This coupon code is not valid.",
        code: "validation_failed",
        details: [{ path: "couponCode", message: "This coupon code is not valid." }],
      }),
    );
    const error = await failure(apiRequest({ path: "/api/things", schema: itemSchema, fallback: "Loading failed" }));
    expect(error).toMatchObject({ message: "This coupon code is not valid.", status: 422, code: "validation_failed", fromServer: true });
    expect(error.details).toEqual([{ path: "couponCode", message: "This coupon code is not valid." }]);
  });

  it("uses the raw text when the answer is not JSON", async () => {
    answer(new Response("Too many requests", { status: 429 }));
    const error = await failure(apiRequest({ path: "/api/things", schema: itemSchema, fallback: "Loading failed" }));
    expect(error).toMatchObject({ message: "Too many requests", status: 429, code: null, fromServer: false });
  });

  it("says 'API request failed: {status} {statusText}' when the server says nothing and the call has no default", async () => {
    answer(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const error = await failure(apiRequest({ path: "/api/things", schema: itemSchema }));
    expect(error.message).toBe("API request failed: 503 Service Unavailable");
    expect(error.status).toBe(503);
  });

  it("says the call's own default instead when it has one (also for an HTML error page or JSON without error)", async () => {
    answer(new Response("", { status: 500 }));
    expect(
      (await failure(apiRequest({ path: "/api/things", schema: itemSchema, fallback: "Failed to fetch subscription status" }))).message,
    ).toBe("Failed to fetch subscription status");
    answer(new Response("<html><body>Bad gateway</body></html>", { status: 502, statusText: "Bad Gateway" }));
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema }))).message).toBe("API request failed: 502 Bad Gateway");
    answer(json(500, { message: "x" }, "Internal Server Error"));
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema }))).message).toBe(
      "API request failed: 500 Internal Server Error",
    );
  });

  it("reports a call that never got an answer as status 0, with the call's words for it", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const plain = await failure(apiRequest({ path: "/api/things", schema: itemSchema }));
    expect(plain).toMatchObject({ status: 0, message: "API request failed: no answer from GET /api/things", fromServer: false });
    expect(plain.cause).toBeInstanceOf(TypeError);
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema, fallback: "Loading failed" }))).message).toBe(
      "Loading failed",
    );
    const worded = apiRequest({
      path: "/api/things",
      schema: itemSchema,
      fallback: "Loading failed",
      unreachable: "Failed to initiate payment. Please try again.",
    });
    expect((await failure(worded)).message).toBe("Failed to initiate payment. Please try again.");
  });

  it("lets a cancelled call end as the cancellation, not as a failure", async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new DOMException("The operation was aborted.", "AbortError")));
    await expect(apiRequest({ path: "/api/things", schema: itemSchema, signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("apiRequest: an answer of another shape", () => {
  it("is a clear error naming the call, with the schema's complaint as its cause", async () => {
    answer(json(200, { data: { name: 42 } }, "OK"));
    const error = await failure(apiRequest({ path: "/api/things/1", schema: itemSchema }));
    expect(error.message).toBe("API request failed: unexpected answer from GET /api/things/1");
    expect(error.status).toBe(200);
    expect(error.fromServer).toBe(false);
    expect(error.cause).toBeInstanceOf(z.core.$ZodError);
    expect((error.cause as z.core.$ZodError).issues[0]?.path).toEqual(["data", "name"]);
  });

  it("is the same error for a body without a data envelope, or no JSON at all", async () => {
    answer(json(200, { name: "Kickstart" }));
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema }))).message).toBe(
      "API request failed: unexpected answer from GET /api/things",
    );
    answer(new Response("ok", { status: 200 }));
    expect((await failure(apiRequest({ method: "POST", path: "/api/things", schema: itemSchema }))).message).toBe(
      "API request failed: unexpected answer from POST /api/things",
    );
  });

  it("uses the call's words for it when it has them", async () => {
    answer(json(200, { data: { sessionId: "cs_test_3" } }));
    const words = { fallback: "Payment setup failed. Please try again.", malformed: "No checkout URL received" };
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema, ...words }))).message).toBe("No checkout URL received");
    answer(json(200, { data: null }));
    expect((await failure(apiRequest({ path: "/api/things", schema: itemSchema, fallback: "Loading failed" }))).message).toBe(
      "Loading failed",
    );
  });
});

describe("apiRequest: an answer that is not the call's", () => {
  it("says the call's own words for data of another shape", async () => {
    answer(json(200, { data: { name: 42 } }));
    expect((await failure(apiRequest({ path: "/api/things/1", schema: itemSchema, malformed: "Odd answer" }))).message).toBe("Odd answer");
  });

  it("refuses an answer that is not a { data } envelope", async () => {
    answer(json(200, { name: "Kickstart" }));
    expect((await failure(apiRequest({ path: "/api/things/1", schema: itemSchema, fallback: "Loading failed" }))).message).toBe(
      "Loading failed",
    );
    answer(new Response("ok", { status: 200 }));
    expect((await failure(apiRequest({ path: "/api/things/1", schema: itemSchema, fallback: "Loading failed" }))).message).toBe(
      "Loading failed",
    );
  });
});

describe("apiRequest: the access token (SPEC §6), read in one place", () => {
  it("sends the session's token as a Bearer header when the call needs one", async () => {
    signIn("member-token");
    const fetchMock = answer(json(200, { data: { name: "ok" } }));
    await apiRequest({ path: "/api/things", auth: "required", schema: itemSchema });
    expect(sentHeaders(fetchMock).get("authorization")).toBe("Bearer member-token");
  });

  it("sends a token the caller holds itself (the edit-post page's own session) without asking the auth client", async () => {
    signIn("site-session-token");
    const fetchMock = answer(json(200, { data: { name: "post" } }));
    await apiRequest({ path: "/api/social-posts/p1?token=t", auth: "optional", bearer: "edit-post-session-token", schema: itemSchema });
    expect(sentHeaders(fetchMock).get("authorization")).toBe("Bearer edit-post-session-token");
    expect(mocks.getSession).not.toHaveBeenCalled();
  });

  it("does not make a call that needs a token without one: 'No authentication token available'", async () => {
    const fetchMock = answer(json(200, { data: { name: "ok" } }));
    const error = await failure(apiRequest({ path: "/api/things", auth: "required", schema: itemSchema, fallback: "Loading failed" }));
    expect(error).toMatchObject({ message: "No authentication token available", status: 401, code: "unauthorized" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives every call started at once the token (the auth client loads once)", async () => {
    signIn("member-token");
    const fetchMock = answer(() => json(200, { data: { name: "ok" } }));
    await Promise.all([1, 2, 3].map(() => apiRequest({ path: "/api/things", auth: "required", schema: itemSchema })));
    expect([0, 1, 2].map((call) => sentHeaders(fetchMock, call).get("authorization"))).toEqual(Array(3).fill("Bearer member-token"));
  });

  it("sends an optional token only when the browser holds a session cookie, and never asks the auth client otherwise", async () => {
    signIn("member-token");
    const fetchMock = answer(() => json(200, { data: { name: "ok" } }));
    await apiRequest({ method: "POST", path: "/api/things", body: {}, auth: "optional", schema: itemSchema });
    expect(sentHeaders(fetchMock, 0).has("authorization")).toBe(false);
    expect(mocks.getSession).not.toHaveBeenCalled();

    document.cookie = `${SESSION_COOKIE}=base64-session; path=/`;
    await apiRequest({ method: "POST", path: "/api/things", body: {}, auth: "optional", schema: itemSchema });
    expect(sentHeaders(fetchMock, 1).get("authorization")).toBe("Bearer member-token");
  });

  it("sends the session cookie's token while it has over a minute left, without loading the auth client; a token about to expire is refreshed by it", async () => {
    const cookieWith = (token: string, expiresInSeconds: number) =>
      `base64-${Buffer.from(JSON.stringify({ access_token: token, refresh_token: "r", expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds })).toString("base64url")}`;
    signIn("refreshed-token");
    const fetchMock = answer(() => json(200, { data: { name: "ok" } }));
    document.cookie = `${SESSION_COOKIE}=${cookieWith("cookie-token", 3600)}; path=/`;
    await apiRequest({ path: "/api/things/1", auth: "required", schema: itemSchema });
    await apiRequest({ path: "/api/things/1", auth: "optional", schema: itemSchema });
    expect([0, 1].map((call) => sentHeaders(fetchMock, call).get("authorization"))).toEqual(["Bearer cookie-token", "Bearer cookie-token"]);
    expect(mocks.getSession).not.toHaveBeenCalled();

    document.cookie = `${SESSION_COOKIE}=${cookieWith("stale-token", 30)}; path=/`;
    await apiRequest({ path: "/api/things/1", auth: "required", schema: itemSchema });
    expect(sentHeaders(fetchMock, 2).get("authorization")).toBe("Bearer refreshed-token");
    expect(mocks.getSession).toHaveBeenCalledTimes(1);
  });

  it("still makes an optional call when the session cannot be read; the cookie goes along for the server to decide", async () => {
    document.cookie = `${SESSION_COOKIE}=base64-session; path=/`;
    mocks.getSession.mockRejectedValue(new Error("storage blocked"));
    const fetchMock = answer(json(200, { data: { name: "ok" } }));
    await expect(apiRequest({ method: "POST", path: "/api/things", body: {}, auth: "optional", schema: itemSchema })).resolves.toEqual({
      name: "ok",
      note: "",
    });
    expect(sentHeaders(fetchMock).has("authorization")).toBe(false);
  });
});
