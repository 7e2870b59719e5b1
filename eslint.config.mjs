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

// One way to load late in the browser (components/lazy/lazy-component.tsx): `lazyComponent(() =>
// import("./x").then((m) => m.X))`, whose failure says so in place with 'Try again'. next/dynamic and
// React's lazy are used there only, and import() appears only as the loader handed to it.
const LATE_LOADER = "components/lazy/lazy-component.tsx";
const ONE_WAY_TO_LOAD_LATE = "Load a component late with lazyComponent (components/lazy/lazy-component.tsx): it shows a failed load with 'Try again'.";
const lateLoadingOutsideHelper = [
  { selector: 'ImportDeclaration[source.value="next/dynamic"]', message: ONE_WAY_TO_LOAD_LATE },
  { selector: 'ImportDeclaration[source.value="react"] > ImportSpecifier[imported.name="lazy"]', message: ONE_WAY_TO_LOAD_LATE },
  { selector: 'MemberExpression[object.name="React"][property.name="lazy"]', message: ONE_WAY_TO_LOAD_LATE },
];
const importOutsideLazyComponent = {
  selector: 'ImportExpression:not(CallExpression[callee.name="lazyComponent"] > ArrowFunctionExpression ImportExpression)',
  message: `${ONE_WAY_TO_LOAD_LATE} import() is allowed only as its loader; code a component needs loads with that component.`,
};
// Files whose import() is not a component's code, each for a stated reason. Keep this list short:
// an entry leaves when its file stops needing it.
const importExceptions = [
  // Measurement the visitor never sees, loaded for a sampled visit only: a failed load is dropped.
  "components/vitals/web-vitals-reporter.tsx",
  // The Supabase client, loaded with the request or the step that needs it: a failed load fails
  // that request, which shows its own error.
  "components/api/access-token.ts",
  "components/auth/use-auth-page-setup.ts",
  "components/auth/use-auth-state.ts",
  "components/auth/use-sign-out.ts",
  "components/edit-post/edit-post-session.ts",
];

const NO_REACT_IN_LIB = "lib/ is pure and isomorphic: no React, React DOM or Next.js (move the code to components/ or app/).";

// What the browser may load declares and parses its schemas with zod/mini, imported where used:
// its checks are functions a bundle keeps only when used, so no schema needs to load late.
const ZOD_MINI = { name: "zod", message: 'Code the browser may load uses zod/mini: import * as z from "zod/mini".' };

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
            ZOD_MINI,
          ],
          patterns: [{ group: ["react/*", "react-dom/*", "next/*"], message: NO_REACT_IN_LIB }],
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: [LATE_LOADER, ...importExceptions],
    rules: { "no-restricted-syntax": ["error", ...lateLoadingOutsideHelper, importOutsideLazyComponent] },
  },
  {
    files: importExceptions,
    rules: { "no-restricted-syntax": ["error", ...lateLoadingOutsideHelper] },
  },
  {
    files: ["components/**/*.{ts,tsx,mts,cts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [ZOD_MINI] }] },
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
