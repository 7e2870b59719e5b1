import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";

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

  // Open redirect: each of these resolves (in a browser, or after one more decode) to another host.
  it.each([
    "/.//evil.example",
    "/./evil.example/..//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/.%2F/evil.example",
    "/..%2F/evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/.\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0a/evil.example",
    "/\n/evil.example",
    "/\r//evil.example",
    "/%E0%A4%A",
    "///evil.example",
    "/\\/evil.example",
  ])("open redirect: %j falls back instead of leaving the site", (target) => {
    expect(safeRedirectPath(target, "/dashboard")).toBe("/dashboard");
  });

  it("keeps dot segments that stay on the site, resolved", () => {
    expect(safeRedirectPath("/a/../dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/payment?plan=Popular%20Plan&next=%2Fdashboard")).toBe("/payment?plan=Popular%20Plan&next=%2Fdashboard");
  });

  it("falls back for rejected values exactly", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("https://evil.example", "/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined, "/auth")).toBe("/auth");
  });
});
