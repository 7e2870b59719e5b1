import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, inlineScriptHashes } from "@/server/http/content-security-policy";

const options = {
  scriptSources: ["'sha256-abc='"],
  siteUrl: "https://glucosechallenge.app",
  supabaseUrl: "https://abcdefgh.supabase.co",
  promoVideoUrl: "https://videos.example.com/promo.mp4",
  development: false,
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );
}

describe("the pages' Content-Security-Policy", () => {
  it("XSS: scripts run only from our origin or with the page's hash or nonce, never inline by default", () => {
    const policy = directives(contentSecurityPolicy(options));
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("locks down plugins, <base>, framing and where forms may post", () => {
    const policy = directives(contentSecurityPolicy(options));
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'", "https://abcdefgh.supabase.co"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://abcdefgh.supabase.co"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:", "https://videos.example.com"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
  });

  it("allows the configured local stand-ins and no https upgrade on a plain-http local site", () => {
    const policy = directives(
      contentSecurityPolicy({
        ...options,
        siteUrl: "http://localhost:3000",
        supabaseUrl: "http://localhost:54321",
        promoVideoUrl: undefined,
      }),
    );
    expect(policy.get("form-action")).toEqual(["'self'", "http://localhost:54321"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("adds eval and the hot-reload socket in development only", () => {
    const policy = directives(contentSecurityPolicy({ ...options, development: true }));
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("connect-src")).toContain("ws:");
  });

  it("makes a fresh, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(18);
  });
});

describe("hashes of a prerendered page's inline scripts", () => {
  const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

  it("hashes exactly the inline JavaScript, not external scripts or data blocks", () => {
    const html = [
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      "<script>self.__next_f=self.__next_f||[]</script>",
      '<script>self.__next_f.push([1,"a\\u003c/script>"])</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module">import("/x.js")</script>',
      "<script>self.__next_f=self.__next_f||[]</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha("self.__next_f=self.__next_f||[]"),
      sha('self.__next_f.push([1,"a\\u003c/script>"])'),
      sha('import("/x.js")'),
    ]);
  });
});
