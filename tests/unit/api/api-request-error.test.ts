import { describe, expect, it } from "vitest";
import { apiRequestError } from "@/components/api/api-request-error";
import { apiErrorEnvelopeSchema } from "@/lib/api/api-error-envelope";

const DEFAULT = "Failed to fetch affiliate link";

const reply = (body: string, status = 500, contentType = "text/plain") =>
  new Response(body, { status, headers: { "content-type": contentType } });
const envelope = (body: unknown, status = 422) => reply(JSON.stringify(body), status, "application/json");

describe("the error a failed call throws (SPEC §8: the server's error, else the raw text, else the default)", () => {
  it("takes the server's `error` first, with its code and field details", async () => {
    const error = await apiRequestError(
      envelope({
        error: "This coupon code is not valid.",
        code: "validation_failed",
        details: [{ path: "couponCode", message: "This coupon code is not valid." }],
      }),
      DEFAULT,
    );
    expect(error).toMatchObject({ message: "This coupon code is not valid.", status: 422, code: "validation_failed", fromServer: true });
    expect(error.details).toEqual([{ path: "couponCode", message: "This coupon code is not valid." }]);
  });

  it("takes `error` from a body that carries only it (a gateway in between)", async () => {
    const error = await apiRequestError(envelope({ error: "Upstream timed out" }, 504), DEFAULT);
    expect(error).toMatchObject({ message: "Upstream timed out", status: 504, code: null, fromServer: true });
  });

  it("falls back to the raw text when there is no `error`", async () => {
    const error = await apiRequestError(reply("Too many requests", 429), DEFAULT);
    expect(error).toMatchObject({ message: "Too many requests", status: 429, code: null, fromServer: false });
  });

  it("falls back to the raw text when `error` is blank", async () => {
    expect((await apiRequestError(reply(" ", 500), DEFAULT)).message).toBe(DEFAULT);
    const blank = await apiRequestError(envelope({ error: "  ", code: "internal" }, 500), DEFAULT);
    expect(blank).toMatchObject({ message: DEFAULT, code: "internal", fromServer: false });
  });

  it("falls back to the default when the text is empty, a page of HTML, JSON without `error`, or a long dump", async () => {
    expect((await apiRequestError(reply("", 503), DEFAULT)).message).toBe(DEFAULT);
    expect((await apiRequestError(reply("<html><body>Bad gateway</body></html>", 502, "text/html"), DEFAULT)).message).toBe(DEFAULT);
    expect((await apiRequestError(envelope({ message: "x" }, 500), DEFAULT)).message).toBe(DEFAULT);
    expect((await apiRequestError(reply("x".repeat(301)), DEFAULT)).message).toBe(DEFAULT);
    expect((await apiRequestError(reply("x".repeat(300)), DEFAULT)).message).toBe("x".repeat(300));
  });

  it("reads what the server builds with the same schema", async () => {
    const body = apiErrorEnvelopeSchema.parse({ error: "This cohort is full", code: "cohort_full" });
    const error = await apiRequestError(Response.json(body, { status: 409 }), DEFAULT);
    expect(error).toMatchObject({ message: "This cohort is full", status: 409, code: "cohort_full", fromServer: true, details: [] });
  });
});

describe("a body that is partly the envelope", () => {
  it("keeps the server's error when its code or details are malformed", async () => {
    const error = await apiRequestError(envelope({ error: "Slow down", code: 429, details: "none" }, 429), DEFAULT);
    expect(error).toMatchObject({ message: "Slow down", code: null, details: [], fromServer: true });
  });

  it("treats a JSON body that is not an object as saying nothing", async () => {
    expect((await apiRequestError(envelope("Service down", 503), DEFAULT)).message).toBe(DEFAULT);
    expect((await apiRequestError(envelope(null, 503), DEFAULT)).message).toBe(DEFAULT);
  });
});
