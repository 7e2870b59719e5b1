import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/server/http/api-error";
import { SITE, anyAnswer, setup } from "../../fixtures/route-fixture";

const get = () => new Request(`${SITE}/api/test`);
const countedSchema = z.object({ counted: z.boolean() });
const REQUEST_ID = /^[0-9a-f-]{36}$/;

describe("route wrapper: cookies", () => {
  it("sets the cookies a handler asks for on its JSON answer, which keeps its request id", async () => {
    const { route } = setup();
    const handler = route({ response: countedSchema }, ({ cookies }) => {
      cookies.set("gc_probe", "v1", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });
      return { counted: true };
    });
    const response = await handler(get());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { counted: true } });
    expect(response.headers.get("set-cookie")).toMatch(/^gc_probe=v1; Path=\/; Expires=.*; Max-Age=60; HttpOnly; SameSite=lax$/);
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("sets several cookies, each its own Set-Cookie", async () => {
    const { route } = setup();
    const response = await route({ response: countedSchema }, ({ cookies }) => {
      cookies.set("gc_one", "1");
      cookies.set("gc_two", "2");
      return { counted: false };
    })(get());
    expect(response.headers.getSetCookie().map((cookie) => cookie.split(";")[0])).toEqual(["gc_one=1", "gc_two=2"]);
  });

  it("drops the cookies of a handler that then fails: an error answer carries none", async () => {
    const { route } = setup();
    const response = await route({ response: countedSchema }, ({ cookies }) => {
      cookies.set("gc_probe", "v1");
      throw new ApiError("conflict", "Already done.");
    })(get());
    expect(response.status).toBe(409);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
  });
});

describe("route wrapper: answers that are not JSON", () => {
  it("passes an image route's response through with its own caching headers and the request id", async () => {
    const { route } = setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const handler = route(
      { response: "image" },
      () => new Response(png, { headers: { "content-type": "image/png", "cache-control": "public, max-age=60" } }),
    );
    const response = await handler(get());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
  });

  it("passes a 304 of an image route through (the client holds the picture)", async () => {
    const { route } = setup();
    const response = await route({ response: "image" }, () => new Response(null, { status: 304, headers: { etag: '"v1"' } }))(get());
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"v1"');
  });

  it("passes a CSV download through with its own headers", async () => {
    const { route } = setup();
    const download = () =>
      new Response("email,seat\na@example.com,1\n", {
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="list.csv"' },
      });
    const response = await route({ response: "csv" }, download)(get());
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="list.csv"');
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(await response.text()).toBe("email,seat\na@example.com,1\n");
  });

  it("answers a redirect route with 303 to the URL its handler names, cookies included", async () => {
    const { route } = setup();
    const response = await route({ response: "redirect" }, ({ cookies }) => {
      cookies.set("gc_probe", "v1");
      return new URL("/dashboard?step=2", SITE);
    })(get());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/dashboard?step=2`);
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(response.headers.get("set-cookie")).toMatch(/^gc_probe=v1/);
  });

  it("answers an error in a redirect route with the JSON error envelope", async () => {
    const { route } = setup();
    const response = await route({ response: "redirect" }, (): URL => {
      throw new ApiError("not_found", "There is no such link.");
    })(get());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "There is no such link.", code: "not_found" });
  });

  it("treats a handler that returns the wrong kind for its declared answer as a server error", async () => {
    const { route, logError } = setup();
    const wrong: unknown = { not: "an image" };
    expect((await route({ response: "image" }, () => wrong as Response)(get())).status).toBe(500);
    // A Response, but JSON where a picture was declared.
    expect((await route({ response: "image" }, () => Response.json({ data: {} }))(get())).status).toBe(500);
    expect(
      (await route({ response: "csv" }, () => new Response("<html></html>", { headers: { "content-type": "text/html" } }))(get())).status,
    ).toBe(500);
    expect(logError).toHaveBeenCalledTimes(3);
    expect(logError).toHaveBeenCalledWith("Unhandled error in route handler", expect.objectContaining({ error: expect.any(Error) }));
  });
});

describe("route wrapper: the declared answer", () => {
  it("refuses to build a route without one", () => {
    const { route } = setup();
    const options: unknown = {};
    expect(() => route(options as { response: typeof anyAnswer }, () => ({}))).toThrow(/route\(\) needs `response`/);
  });

  it("keeps it on the handler, for the route inventory", () => {
    const { route } = setup();
    expect(route({ response: countedSchema }, () => ({ counted: true })).response).toBe(countedSchema);
    expect(route({ response: "image" }, () => new Response()).response).toBe("image");
  });
});

describe("jsonAnswer: small answers are not compressed", () => {
  it("marks an answer under 1 KB no-transform, keeping its own Cache-Control, and leaves a larger one to be compressed", async () => {
    const { COMPRESS_MIN_BYTES, jsonAnswer } = await import("@/server/http/route-answer");
    const small = jsonAnswer({ data: { received: true } }, { status: 202, headers: { "cache-control": "no-store" } });
    expect(small.status).toBe(202);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await small.json()).toEqual({ data: { received: true } });
    expect(jsonAnswer({}, { status: 200 }).headers.get("cache-control")).toBe("no-transform");

    // Counted in bytes, not characters: 400 three-byte characters make 1,200 bytes.
    const wide = jsonAnswer({ text: "€".repeat(400) }, { status: 200, headers: { "cache-control": "no-store" } });
    expect(wide.headers.get("cache-control")).toBe("no-store");
    const exactly = "x".repeat(COMPRESS_MIN_BYTES - '{"t":""}'.length);
    expect(jsonAnswer({ t: exactly }, { status: 200, headers: { "cache-control": "no-store" } }).headers.get("cache-control")).toBe(
      "no-store",
    );
    expect(
      jsonAnswer({ t: exactly.slice(1) }, { status: 200, headers: { "cache-control": "no-store" } }).headers.get("cache-control"),
    ).toBe("no-store, no-transform");
  });

  it("an error's answer is small and so sent as it is", async () => {
    const { errorResponse } = await import("@/server/http/api-error");
    const response = errorResponse(new ApiError("not_found", "Not found"), { "cache-control": "no-store" });
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toEqual({ error: "Not found", code: "not_found" });
  });
});
