import type { NextConfig } from "next";
import { BASELINE_POLICY } from "./server/http/content-security-policy";

const isProduction = process.env.NODE_ENV === "production";

// Security headers on every response (pages, assets and API alike).
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  // Pages get their full policy from the proxy, which builds it around these same directives.
  { key: "Content-Security-Policy", value: BASELINE_POLICY },
  {
    key: "Permissions-Policy",
    value: "camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  ...(isProduction ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }] : []),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The job engine (D16) loads its SQL and driver at run time: kept out of the server bundle.
  serverExternalPackages: ["pg-boss"],
  reactStrictMode: true,
  // `npm test` runs `tsc --noEmit` before the end-to-end build, which then skips its own copy of the
  // same check (about a minute on two cores). Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
