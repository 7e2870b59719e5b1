import { describe, expect, it } from "vitest";
import { hasSessionCookie, readSessionCookie, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-cookie";

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

describe("readSessionCookie", () => {
  const name = "sb-localhost-auth-token";
  const session = {
    access_token: "header.payload.signature",
    refresh_token: "r",
    expires_at: 1_900_000_000,
    user: { email: "zoë@example.com" },
  };
  const encoded = `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;

  it("reads the token and its expiry from a whole cookie, base64 (with non-ASCII text) or plain JSON", () => {
    expect(readSessionCookie(`a=1; ${name}=${encoded}`, name)).toEqual({
      accessToken: "header.payload.signature",
      expiresAt: 1_900_000_000,
    });
    expect(readSessionCookie(`${name}=${encodeURIComponent(JSON.stringify(session))}`, name)).toEqual({
      accessToken: "header.payload.signature",
      expiresAt: 1_900_000_000,
    });
  });

  it("joins chunks in their numeric order, whatever order they are sent in", () => {
    const parts = [encoded.slice(0, 20), encoded.slice(20, 40), encoded.slice(40)];
    const header = [`${name}.2=${parts[2]}`, `${name}.0=${parts[0]}`, `${name}.1=${parts[1]}`].join("; ");
    expect(readSessionCookie(header, name)?.accessToken).toBe("header.payload.signature");
  });

  it("keeps the first of a cookie sent twice, the most specific path's", () => {
    const other = `base64-${Buffer.from(JSON.stringify({ ...session, access_token: "other" })).toString("base64url")}`;
    expect(readSessionCookie(`${name}=${encoded}; ${name}=${other}`, name)?.accessToken).toBe("header.payload.signature");
  });

  it("has no expiry when the cookie does not say, and nothing for another project's cookie or an unreadable one", () => {
    const withoutExpiry = `base64-${Buffer.from(JSON.stringify({ access_token: "t" })).toString("base64url")}`;
    expect(readSessionCookie(`${name}=${withoutExpiry}`, name)).toEqual({ accessToken: "t", expiresAt: null });
    expect(readSessionCookie(`sb-other-auth-token=${encoded}`, name)).toBeNull();
    expect(readSessionCookie(`${name}=base64-!!!`, name)).toBeNull();
    expect(readSessionCookie(`${name}=base64-${Buffer.from("[1]").toString("base64url")}`, name)).toBeNull();
    expect(readSessionCookie(`${name}=${Buffer.from(JSON.stringify({ access_token: "" })).toString("base64url")}`, name)).toBeNull();
    expect(readSessionCookie(null, name)).toBeNull();
  });
});

describe("session cookie attributes", () => {
  it("are Secure exactly when the site is https", () => {
    expect(sessionCookieOptions("https://glucosechallenge.app")).toEqual({ path: "/", sameSite: "lax", secure: true });
    expect(sessionCookieOptions("http://localhost:3000").secure).toBe(false);
  });
});
