import { afterEach, describe, expect, it, vi } from "vitest";
import { postBeacon } from "@/components/api/post-beacon";

afterEach(() => vi.unstubAllGlobals());

describe("postBeacon", () => {
  it("POSTs the JSON body with keepalive, so it finishes while the page goes away", () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    postBeacon("/api/vitals", { metrics: [] });
    expect(fetchMock).toHaveBeenCalledWith("/api/vitals", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"metrics":[]}',
      keepalive: true,
    });
  });

  it("drops a failed request without an unhandled rejection", async () => {
    const rejected = vi.fn();
    process.on("unhandledRejection", rejected);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    postBeacon("/api/referral/visit", { via: "k7m3-q9xa" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", rejected);
    expect(rejected).not.toHaveBeenCalled();
  });
});
