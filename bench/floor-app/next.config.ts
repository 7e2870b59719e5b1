import type { NextConfig } from "next";

// Same production-relevant switches as the product, nothing else.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
