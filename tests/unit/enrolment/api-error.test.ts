// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequestError } from "@/components/api/api-request-error";
import { fetchCohorts } from "@/components/enrolment/cohorts/use-cohorts-query";
import { createCheckoutSession } from "@/components/enrolment/payment/payment-api";
import { json } from "./test-utils";

afterEach(() => vi.unstubAllGlobals());

describe("failed calls (SPEC §8): the server's error, else the raw text, else a default", () => {
  it("uses the envelope's error, code and details", async () => {
    const error = await apiRequestError(
      json(422, {
        error: "This coupon code is not valid.",
        code: "validation_failed",
        details: [{ path: "couponCode", message: "This coupon code is not valid." }],
      }),
      "Default",
    );
    expect(error.message).toBe("This coupon code is not valid.");
    expect(error.status).toBe(422);
    expect(error.code).toBe("validation_failed");
    expect(error.details).toEqual([{ path: "couponCode", message: "This coupon code is not valid." }]);
  });

  it("keeps the server's error when its details are not the envelope's (and drops them)", async () => {
    const error = await apiRequestError(
      json(422, {
        error: "This coupon code is not valid.",
        code: "validation_failed",
        details: [{ path: "couponCode", message: "x" }, { nope: 1 }],
      }),
      "Default",
    );
    expect(error).toMatchObject({ message: "This coupon code is not valid.", code: "validation_failed", fromServer: true, details: [] });
  });

  it("uses the raw text when the body is not JSON", async () => {
    expect((await apiRequestError(new Response("Too many requests", { status: 429 }), "Default")).message).toBe("Too many requests");
  });

  it("falls back to the default for an empty body, an HTML page or JSON without an error", async () => {
    expect((await apiRequestError(new Response("", { status: 500 }), "Default")).message).toBe("Default");
    expect((await apiRequestError(new Response("<html><body>Bad gateway</body></html>", { status: 502 }), "Default")).message).toBe(
      "Default",
    );
    expect((await apiRequestError(json(500, { message: "x" }), "Default")).message).toBe("Default");
  });

  it("fetchCohorts throws 'Failed to load cohorts. Please try again later.' by default", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 503 })));
    await expect(fetchCohorts("en")).rejects.toThrow("Failed to load cohorts. Please try again later.");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(200, { nothing: true })));
    await expect(fetchCohorts("en")).rejects.toThrow("Failed to load cohorts. Please try again later.");
  });

  it("checkout defaults to 'Payment setup failed. Please try again.' and refuses a non-web session URL", async () => {
    const request = {} as Parameters<typeof createCheckoutSession>[0];
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 500 })));
    await expect(createCheckoutSession(request)).rejects.toThrow("Payment setup failed. Please try again.");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(200, { data: { sessionUrl: "javascript:alert(1)" } })));
    await expect(createCheckoutSession(request)).rejects.toThrow("No checkout URL received");
  });
});
