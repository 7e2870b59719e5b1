import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/server/http/api-error";
import { SHARED_CACHE_CONTROL } from "@/server/http/route";
import { SITE, anyAnswer, setup } from "../../fixtures/route-fixture";

// A public read the same for every visitor lets a shared cache in front of the app keep
// its answer a second; an error, and anything that depends on who asks, is never kept.
const get = (path = "/api/campaign/pledges") => new Request(`${SITE}${path}`);

describe("route({ sharedCache: true })", () => {
  it("lets a shared cache keep a successful answer a second, never the browser", async () => {
    const { route } = setup();
    const response = await route({ sharedCache: true, response: anyAnswer }, () => ({ pledges: 3 }))(get());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(`${SHARED_CACHE_CONTROL}, no-transform`);
    expect(SHARED_CACHE_CONTROL).toMatch(/^public, max-age=0, s-maxage=1\b/);
  });

  it("keeps no error: a refused query or a failed read is answered no-store", async () => {
    const { route } = setup();
    const refused = await route({ sharedCache: true, query: z.object({ language: z.string().max(2) }), response: anyAnswer }, () => ({}))(
      get("/api/cohorts?language=toolong"),
    );
    expect(refused.status).toBe(422);
    expect(refused.headers.get("cache-control")).toBe("no-store, no-transform");
    const failed = await route({ sharedCache: true, response: anyAnswer }, () => {
      throw new ApiError("not_found", "No such cohort.");
    })(get());
    expect(failed.status).toBe(404);
    expect(failed.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("is refused at construction for a route whose answer depends on who asks", () => {
    const { route } = setup();
    for (const auth of ["optional", "required", "operator"] as const) {
      expect(() => route({ auth, sharedCache: true, response: anyAnswer }, () => ({}))).toThrow(/auth: "none"/);
    }
  });

  it("leaves every other answer no-store", async () => {
    const { route } = setup();
    const response = await route({ response: anyAnswer }, () => ({ pledges: 3 }))(get());
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
  });
});
