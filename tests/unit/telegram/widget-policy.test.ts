import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/server/http/content-security-policy";

const options = {
  scriptSources: ["'nonce-abc'"],
  siteUrl: "https://glucosechallenge.app",
  supabaseUrl: "https://abcdefgh.supabase.co",
  development: false,
};
const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );

describe("the widget test page's Content-Security-Policy", () => {
  it("lets Telegram's login frame and t.me photos in on that page only", () => {
    const widget = directives(contentSecurityPolicy({ ...options, telegramLogin: true }));
    expect(widget.get("frame-src")).toEqual(["https://oauth.telegram.org"]);
    expect(widget.get("img-src")).toContain("https://t.me");
    expect(widget.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    const other = directives(contentSecurityPolicy(options));
    expect(other.has("frame-src")).toBe(false);
    expect(other.get("img-src")).not.toContain("https://t.me");
  });
});
