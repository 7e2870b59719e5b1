import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/server/http/api-error";
import { SITE, anyAnswer, bodySchema, post, setup } from "../../fixtures/route-fixture";

describe("route wrapper", () => {
  it("wraps a handler's result in { data }", async () => {
    const { route } = setup();
    const handler = route({ response: anyAnswer, body: bodySchema }, ({ body }) => ({ echoed: body.email }));
    const response = await handler(post(JSON.stringify({ email: "a@example.com" })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { echoed: "a@example.com" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, body: bodySchema }, () => ({}))(post("{ not json"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body is not valid JSON.", code: "invalid_json" });
  });

  it("answers an empty body with 400 invalid_json", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, body: bodySchema }, () => ({}))(post(""));
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_json");
  });

  it("answers a wrong content type with 415 and does not run the handler", async () => {
    const { route } = setup();
    const handler = vi.fn(() => ({}));
    const response = await route(
      { response: anyAnswer, body: bodySchema },
      handler,
    )(post("email=a@example.com", { "content-type": "application/x-www-form-urlencoded" }));
    expect(response.status).toBe(415);
    expect((await response.json()).code).toBe("unsupported_media_type");
    expect(handler).not.toHaveBeenCalled();
  });

  it("accepts application/json with a charset parameter", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, body: bodySchema }, () => ({ ok: true }))(
      post(JSON.stringify({ email: "a@example.com" }), { "content-type": "application/json; charset=utf-8" }),
    );
    expect(response.status).toBe(200);
  });

  it("answers an oversized body with 413, by declared length", async () => {
    const { route } = setup();
    const big = JSON.stringify({ email: `${"a".repeat(200)}@example.com` });
    const response = await route({ response: anyAnswer, body: bodySchema, maxBodyBytes: 100 }, () => ({}))(post(big));
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
  });

  it("answers an oversized streamed body without a length with 413", async () => {
    const { route } = setup();
    const chunk = new TextEncoder().encode("x".repeat(64));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request(`${SITE}/api/test`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const response = await route({ response: anyAnswer, body: bodySchema, maxBodyBytes: 100 }, () => ({}))(request);
    expect(response.status).toBe(413);
  });

  it("answers a body the client stopped sending with 400, not a logged 500", async () => {
    const { route, logError } = setup();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'));
        controller.error(new Error("aborted"));
      },
    });
    const request = new Request(`${SITE}/api/test`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const handler = vi.fn(() => ({}));
    const response = await route({ response: anyAnswer, body: bodySchema }, handler)(request);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body could not be read.", code: "bad_request" });
    expect(handler).not.toHaveBeenCalled();
    expect(logError).not.toHaveBeenCalled();
  });

  it("answers a schema failure with 422 and field details", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer, body: bodySchema }, () => ({}))(post(JSON.stringify({ email: "nope" })));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.details).toEqual([expect.objectContaining({ path: "email" })]);
  });

  it("validates the query string", async () => {
    const { route } = setup();
    const handler = route({ response: anyAnswer, query: z.object({ page: z.coerce.number().int().min(1) }) }, ({ query }) => query);
    expect((await handler(new Request(`${SITE}/api/test?page=2`))).status).toBe(200);
    const bad = await handler(new Request(`${SITE}/api/test?page=zero`));
    expect(bad.status).toBe(422);
    expect((await bad.json()).details[0].path).toBe("page");
  });

  it("maps a thrown ApiError to its status and message", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer }, () => {
      throw new ApiError("cohort_full", "This cohort is full");
    })(new Request(`${SITE}/api/test`));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "This cohort is full", code: "cohort_full" });
  });

  it("turns an unknown error into a generic 500 and logs the cause", async () => {
    const { route, logError } = setup();
    const cause = new Error('relation "secret_table" does not exist');
    const response = await route({ response: anyAnswer }, () => {
      throw cause;
    })(new Request(`${SITE}/api/test`));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret_table");
    expect(JSON.parse(text)).toEqual({ error: "Something went wrong on our side. Please try again.", code: "internal" });
    expect(logError).toHaveBeenCalledWith("Unhandled error in route handler", expect.objectContaining({ error: cause }));
  });

  it("treats a handler that returns nothing as a server error", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer }, () => undefined)(new Request(`${SITE}/api/test`));
    expect(response.status).toBe(500);
  });

  it("answers a rate-limited caller with 429 and Retry-After before reading the body", async () => {
    const { route, enforceRateLimit } = setup();
    const handler = vi.fn(() => ({}));
    const limited = route({ response: anyAnswer, body: bodySchema, rateLimits: [{ name: "test", limit: 1, windowSeconds: 60 }] }, handler);
    const response = await limited(post("{ broken", { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
    expect((await response.json()).code).toBe("rate_limited");
    expect(handler).not.toHaveBeenCalled();
    expect(enforceRateLimit).toHaveBeenCalledWith(expect.any(Request), { name: "test", limit: 1, windowSeconds: 60 });
  });

  it("counts a body-keyed limit after parsing, with the key it derives", async () => {
    const { route, enforceRateLimit } = setup();
    const perEmail = { name: "per-email", limit: 5, windowSeconds: 60, per: ({ body }: { body: { email: string } }) => body.email };
    const response = await route({ response: anyAnswer, body: bodySchema, rateLimits: [perEmail] }, () => ({ ok: true }))(
      post(JSON.stringify({ email: "maya@example.com" })),
    );
    expect(response.status).toBe(200);
    expect(enforceRateLimit).toHaveBeenCalledWith(expect.any(Request), perEmail, "maya@example.com");
    const bad = await route({ response: anyAnswer, body: bodySchema, rateLimits: [perEmail] }, () => ({ ok: true }))(post("{ nope"));
    expect(bad.status).toBe(400);
    expect(enforceRateLimit).toHaveBeenCalledTimes(1);
  });
});
