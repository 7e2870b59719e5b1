import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The product's layers (DESIGN §2). Zones compare the resolved file an import points at, so the
// "@/server/x" alias and a relative "../server/x" are the same import here.
const PRODUCT = ["app", "components", "lib", "server", "proxy.ts"];

const layerZones = [
  {
    target: "lib",
    from: ["server", "components", "app"],
    message: "lib/ holds pure product rules and schemas: it never imports server/, components/ or app/.",
  },
  {
    target: "components",
    from: "server",
    message: "components/ runs in the browser too: it never imports server/ (call the API instead).",
  },
  {
    target: PRODUCT,
    from: "local",
    message: "local/ is the embedded stack: the product never imports it (only environment variables differ).",
  },
  {
    target: "local",
    from: PRODUCT,
    message: "local/ stands in for outside services: it never imports the product.",
  },
  {
    target: "local",
    from: "scripts",
    except: ["./migrate.ts"],
    message: "local/ may use the migrator (scripts/migrate.ts) and nothing else from scripts/.",
  },
];

const NO_REACT_IN_LIB = "lib/ is pure and isomorphic: no React, React DOM or Next.js (move the code to components/ or app/).";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".local/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    files: ["**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}"],
    rules: {
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx,mts,cts}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react", message: NO_REACT_IN_LIB },
            { name: "react-dom", message: NO_REACT_IN_LIB },
            // A type (Next's Metadata shape, say) describes a plain object and is erased from the build.
            { name: "next", message: NO_REACT_IN_LIB, allowTypeImports: true },
          ],
          patterns: [{ group: ["react/*", "react-dom/*", "next/*"], message: NO_REACT_IN_LIB }],
        },
      ],
    },
  },
  {
    // The error screens (app/error.tsx, app/global-error.tsx) leave with a full page load on purpose:
    // it drops the client state that failed, and keeps next/link out of the chunks every page loads
    // for its error boundaries.
    files: ["components/errors/application-error.tsx"],
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
];

export default config;
