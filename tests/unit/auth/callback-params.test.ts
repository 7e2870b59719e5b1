import { describe, expect, it } from "vitest";
import { parseCallbackParams } from "@/components/auth/callback-params";

describe("the auth callback's query", () => {
  it("reads the code and a safe next path", () => {
    expect(parseCallbackParams({ code: "abc-123", next: "/payment?step=3" })).toEqual({
      code: "abc-123",
      error: null,
      next: "/payment?step=3",
      verify: false,
      handoffPath: null,
    });
  });

  it("goes to /dashboard when next is missing or points to another site", () => {
    expect(parseCallbackParams({ code: "c" }).next).toBe("/dashboard");
    expect(parseCallbackParams({ code: "c", next: "https://evil.example" }).next).toBe("/dashboard");
    expect(parseCallbackParams({ code: "c", next: "//evil.example/dashboard" }).next).toBe("/dashboard");
  });

  it("has no code when the link carries none", () => {
    expect(parseCallbackParams({}).code).toBeNull();
    expect(parseCallbackParams({ code: "  " }).code).toBeNull();
    expect(parseCallbackParams({ code: "x".repeat(2000) }).code).toBeNull();
  });

  it("reports error_description, else error", () => {
    expect(parseCallbackParams({ error: "access_denied", error_description: "User cancelled" }).error).toBe("User cancelled");
    expect(parseCallbackParams({ error: "access_denied" }).error).toBe("access_denied");
  });

  it("completes the pending verification only with verify=true", () => {
    expect(parseCallbackParams({ code: "c", verify: "true" }).verify).toBe(true);
    expect(parseCallbackParams({ code: "c", verify: "1" }).verify).toBe(false);
  });

  it("hands off to the dashboard with step, mobile and qr when all three are set", () => {
    expect(parseCallbackParams({ code: "c", step: "2", mobile: "true", qr: "abc_DEF-1" }).handoffPath).toBe(
      "/dashboard?step=2&mobile=true&qr=abc_DEF-1",
    );
  });

  it("does not hand off when one of step, mobile and qr is missing", () => {
    expect(parseCallbackParams({ code: "c", step: "2", mobile: "true" }).handoffPath).toBeNull();
    expect(parseCallbackParams({ code: "c", step: "2", qr: "1" }).handoffPath).toBeNull();
  });

  it("does not hand off values that are not short plain tokens", () => {
    expect(parseCallbackParams({ code: "c", step: "2&next=//evil", mobile: "1", qr: "1" }).handoffPath).toBeNull();
    expect(parseCallbackParams({ code: "c", step: "2", mobile: "1", qr: "q".repeat(65) }).handoffPath).toBeNull();
    expect(parseCallbackParams({ code: "c", step: "", mobile: "1", qr: "1" }).handoffPath).toBeNull();
  });

  it("takes the first value of a repeated parameter", () => {
    expect(parseCallbackParams({ code: ["first", "second"] }).code).toBe("first");
  });
});
