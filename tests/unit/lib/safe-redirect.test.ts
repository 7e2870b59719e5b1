import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/safe-redirect";

describe("redirect targets accept only same-origin relative paths", () => {
  it.each(["/dashboard", "/dashboard?step=2&mobile=1&qr=1", "/auth/reset-password", "/how-it-works#pricing"])("keeps %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "https://evil.example",
    "http:/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "javascript:alert(1)",
    "dashboard",
    "",
    "/\tevil",
    "/\u0000",
  ])("rejects %j and falls back", (target) => {
    const result = safeRedirectPath(target, "/dashboard");
    expect(result.startsWith("//")).toBe(false);
    expect(new URL(result, "https://glucosechallenge.app").origin).toBe("https://glucosechallenge.app");
  });

  it("falls back for rejected values exactly", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("https://evil.example", "/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined, "/auth")).toBe("/auth");
  });
});
