import path from "node:path";
import type { NextConfig } from "next";

// The floor is built in a temporary folder outside the repository, with node_modules symlinked to
// the product's. Turbopack resolves nothing outside its root, so the root is the filesystem root;
// with the repository as root it would also pick up the product's own files (proxy.ts).
const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: path.parse(process.cwd()).root },
};

export default nextConfig;
