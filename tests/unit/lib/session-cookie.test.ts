import { describe, expect, it } from "vitest";
import { hasSessionCookie, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-cookie";

describe("session cookie hint", () => {
  it("names the cookie after the project host, as @supabase/ssr does", () => {
    expect(sessionCookieName("http://localhost:54321")).toBe("sb-localhost-auth-token");
    expect(sessionCookieName("https://abcdefgh.supabase.co")).toBe("sb-abcdefgh-auth-token");
  });

  it("sees a whole or chunked session cookie, and ignores look-alikes and empty values", () => {
    const name = "sb-localhost-auth-token";
    expect(hasSessionCookie(`a=1; ${name}=base64-eyJ`, name)).toBe(true);
    expect(hasSessionCookie(`${name}.0=base64-eyJ; ${name}.1=abc`, name)).toBe(true);
    expect(hasSessionCookie(`${name}-code-verifier=xyz`, name)).toBe(false);
    expect(hasSessionCookie(`${name}=`, name)).toBe(false);
    expect(hasSessionCookie("", name)).toBe(false);
  });
});

describe("session cookie attributes", () => {
  it("are Secure exactly when the site is https", () => {
    expect(sessionCookieOptions("https://glucosechallenge.app")).toEqual({ path: "/", sameSite: "lax", secure: true });
    expect(sessionCookieOptions("http://localhost:3000").secure).toBe(false);
  });
});
