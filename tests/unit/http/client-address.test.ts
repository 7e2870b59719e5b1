import { describe, expect, it } from "vitest";
import { clientAddressFrom, rateLimitClientKey, type ClientAddressSetting } from "@/server/http/client-address";

const none: ClientAddressSetting = { header: undefined, proxyCount: 1 };
const forwardedFor = (proxyCount = 1): ClientAddressSetting => ({ header: "x-forwarded-for", proxyCount });
const realIp: ClientAddressSetting = { header: "x-real-ip", proxyCount: 1 };
const headers = (values: Record<string, string>) => new Headers(values);

describe("the client address comes only from the header the host sets (D13)", () => {
  it("trusts no header by default: spoofed X-Forwarded-For, X-Real-IP and friends change nothing", () => {
    const spoofs: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.1" },
      { "x-real-ip": "203.0.113.2" },
      { "cf-connecting-ip": "203.0.113.3", "true-client-ip": "203.0.113.4", "x-vercel-forwarded-for": "203.0.113.5" },
    ];
    for (const spoof of spoofs) {
      expect(clientAddressFrom(headers(spoof), none)).toBeNull();
      expect(clientAddressFrom(headers(spoof), { header: "none", proxyCount: 1 })).toBeNull();
    }
    expect(rateLimitClientKey(null)).toBe("unknown");
  });

  it("with X-Forwarded-For takes the entry our proxies appended, whatever the client put to its left", () => {
    expect(clientAddressFrom(headers({ "x-forwarded-for": "198.51.100.7" }), forwardedFor())).toBe("198.51.100.7");
    for (const spoofed of ["1.2.3.4", "1.2.3.4, 5.6.7.8", "not-an-address"]) {
      expect(clientAddressFrom(headers({ "x-forwarded-for": `${spoofed}, 198.51.100.7` }), forwardedFor())).toBe("198.51.100.7");
    }
    // Two proxies (a CDN, then a load balancer): the client is second from the right.
    expect(clientAddressFrom(headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.2" }), forwardedFor(2))).toBe("198.51.100.7");
    // Fewer entries than proxies: the request did not come through them.
    expect(clientAddressFrom(headers({ "x-forwarded-for": "198.51.100.7" }), forwardedFor(2))).toBeNull();
  });

  it("with a single-address header ignores the others and refuses lists and garbage", () => {
    const trusted = { "x-real-ip": "198.51.100.8" };
    expect(clientAddressFrom(headers({ ...trusted, "x-forwarded-for": "1.2.3.4" }), realIp)).toBe("198.51.100.8");
    expect(clientAddressFrom(headers({ "x-forwarded-for": "1.2.3.4" }), realIp)).toBeNull();
    expect(clientAddressFrom(headers({ "x-real-ip": "1.2.3.4, 198.51.100.8" }), realIp)).toBeNull();
    expect(clientAddressFrom(headers({ "x-real-ip": "<script>" }), realIp)).toBeNull();
    expect(clientAddressFrom(headers({ "x-real-ip": "unknown" }), realIp)).toBeNull();
  });

  it("reads addresses written with a port or brackets, and normalises case", () => {
    expect(clientAddressFrom(headers({ "x-real-ip": "198.51.100.8:4711" }), realIp)).toBe("198.51.100.8");
    expect(clientAddressFrom(headers({ "x-real-ip": "[2001:DB8::1]:443" }), realIp)).toBe("2001:db8::1");
  });

  it("counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4", () => {
    expect(rateLimitClientKey("2001:db8:7:1::1")).toBe("2001:db8:7:1::/64");
    expect(rateLimitClientKey("2001:db8:7:1:ffff:1:2:3")).toBe("2001:db8:7:1::/64");
    expect(rateLimitClientKey("2001:0db8:0007:0001::9")).toBe("2001:db8:7:1::/64");
    expect(rateLimitClientKey("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(rateLimitClientKey("198.51.100.9")).toBe("198.51.100.9");
  });
});
