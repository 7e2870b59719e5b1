import { describe, expect, it } from "vitest";
import { firstParam, nextPathParam } from "@/lib/search-params";

describe("query values on the auth pages", () => {
  it("takes the first of repeated values", () => {
    expect(firstParam({ a: ["1", "2"] }, "a")).toBe("1");
    expect(firstParam({ a: "1" }, "a")).toBe("1");
    expect(firstParam({}, "a")).toBeUndefined();
  });

  it("reads next, then redirect, then redirect_to", () => {
    expect(nextPathParam({ next: "/payment", redirect: "/user-info" })).toBe("/payment");
    expect(nextPathParam({ redirect: "/user-info", redirect_to: "/payment" })).toBe("/user-info");
    expect(nextPathParam({ redirect_to: "/payment-success?session_id=1" })).toBe("/payment-success?session_id=1");
  });

  it("never leaves the site", () => {
    expect(nextPathParam({ next: "https://evil.example" })).toBe("/dashboard");
    expect(nextPathParam({ redirect: "//evil.example" })).toBe("/dashboard");
    expect(nextPathParam({ redirect_to: "/\\evil.example" }, "/")).toBe("/");
  });

  it("does not send a signed-in visitor back to /auth or a one-time callback", () => {
    for (const next of ["/auth", "/auth/", "/auth?next=/auth", "/AUTH", "/auth/callback?code=x", "/auth-callback", "/auth/google"]) {
      expect(nextPathParam({ next })).toBe("/dashboard");
    }
    expect(nextPathParam({ next: "/auth/reset-password" })).toBe("/auth/reset-password");
  });
});
