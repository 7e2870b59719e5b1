import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { proxy } from "@/proxy";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );
}

async function configPolicy(): Promise<string> {
  const rules = (await nextConfig.headers?.()) ?? [];
  const all = rules.filter((rule) => rule.source === "/:path*").flatMap((rule) => rule.headers);
  const csp = all.filter((header) => header.key.toLowerCase() === "content-security-policy");
  expect(csp).toHaveLength(1);
  return csp[0]?.value ?? "";
}

describe("the Content-Security-Policy served", () => {
  it("on every response (API, assets) forbids plugins, <base> and framing", async () => {
    const policy = directives(await configPolicy());
    expect(Object.fromEntries(policy)).toEqual({ "object-src": ["'none'"], "base-uri": ["'none'"], "frame-ancestors": ["'none'"] });
  });

  it.each(["/", "/how-it-works", "/magic"])("on the page %s agrees with it on each of those directives", async (path) => {
    const response = await proxy(new NextRequest(new URL(path, "http://localhost:3000")));
    const page = directives(response.headers.get("content-security-policy") ?? "");
    expect(page.get("script-src")).toContain("'self'");
    for (const [name, values] of directives(await configPolicy())) expect(page.get(name)).toEqual(values);
  });

  it("is left to next.config.ts for API routes, which the proxy answers with no policy of its own", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/api/cohorts"));
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
