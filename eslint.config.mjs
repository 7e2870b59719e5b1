import path from "node:path";
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
  {
    target: "server/db",
    from: "server",
    except: ["./db", "./env.ts", "./log.ts"],
    message:
      "server/db/ is the bottom of the server, SQL only: it imports nothing from server/ but env.ts and log.ts. Return what the caller needs and let the domain act on it (queue a job or an email, offer a freed place).",
  },
  {
    target: PRODUCT,
    from: "server/jobs/job-registry.ts",
    message:
      "The job registry puts every domain's handlers together: only the processes that start workers import it (instrumentation.ts, scripts/worker.ts). Queue work with enqueueJob or queueEmail.",
  },
];

// One way to load late in the browser (components/lazy/lazy-component.tsx): `lazyComponent(() =>
// import("./x").then((m) => m.X))`, whose failure says so in place with 'Try again'. next/dynamic and
// React's lazy are used there only, and import() appears only as the loader handed to it.
const LATE_LOADER = "components/lazy/lazy-component.tsx";
const ONE_WAY_TO_LOAD_LATE =
  "Load a component late with lazyComponent (components/lazy/lazy-component.tsx): it shows a failed load with 'Try again'.";
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
  // The footer's newsletter form is on every page: its call (apiRequest and zod) loads with the
  // first submit, inside the try that shows a failure.
  "components/layout/newsletter-form.tsx",
];

// ---- What each layer means (DESIGN §2), beyond who imports whom ------------------------------
// lib/ is pure and isomorphic: no I/O (network, storage, the environment, Node's modules) and no
// server packages. components/ and the client files under app/ run in the browser: no server code
// and no server packages. server/ is below the screens: it never imports components/ or app/. The
// files Next loads itself (instrumentation*.ts, next.config.ts) are product: they never import local/.

/** Packages that only run on the server (a database driver, payment, mail, bot and job clients). */
const SERVER_PACKAGES = ["postgres", "stripe", "pg-boss", "nodemailer", "grammy", "ws", "server-only"];
const serverPackagePaths = (message) => SERVER_PACKAGES.map((name) => ({ name, message }));
const serverPackagePatterns = (message) => [{ group: SERVER_PACKAGES.map((name) => `${name}/*`), message }];

const LIB_IS_PURE = "lib/ is pure and isomorphic: no I/O, no environment and no server packages (move the code to server/ or components/).";
const BROWSER_CODE = "This code runs in the browser: it never imports server packages (call the API instead).";
const LIB_GLOBALS = [
  "fetch",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "XMLHttpRequest",
  "WebSocket",
  "process",
  "window",
  "document",
  "navigator",
];

const meaningZones = [
  {
    target: "server",
    from: ["components", "app"],
    message: "server/ is below the screens: it never imports components/ or app/ (move the shared part to lib/).",
  },
  {
    target: ["instrumentation.ts", "instrumentation-client.ts", "next.config.ts"],
    from: "local",
    message: "local/ is the embedded stack: the files Next loads never import it (only environment variables differ).",
  },
];

const ROOT = import.meta.dirname;
const CLIENT_IMPORTS_SERVER =
  'A client file ("use client") runs in the browser: it never imports server/ or server packages (call the API instead).';

/** A "use client" file under app/ importing server/ (by alias or relative path) or a server package. */
const clientImportsServer = {
  meta: { type: "problem", schema: [], messages: { server: CLIENT_IMPORTS_SERVER } },
  create(context) {
    const isClient = context.sourceCode.ast.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
    if (!isClient) return {};
    const serverDir = path.join(ROOT, "server");
    const isServer = (specifier) => {
      if (SERVER_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return true;
      const resolved = specifier.startsWith("@/")
        ? path.join(ROOT, specifier.slice(2))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(context.filename), specifier)
          : null;
      return resolved !== null && (resolved === serverDir || resolved.startsWith(`${serverDir}${path.sep}`));
    };
    const check = (source) => {
      if (source?.type === "Literal" && typeof source.value === "string" && isServer(source.value)) {
        context.report({ node: source, messageId: "server" });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// Server packages are refused with the core rule, beside each layer's own list (React in lib/, say).
const noServerPackages = (message) => ["error", { paths: serverPackagePaths(message), patterns: serverPackagePatterns(message) }];

/** lib/'s rules on what code may touch; `allowed` globals aside. */
const pureRules = (allowed = []) => {
  const globals = LIB_GLOBALS.filter((name) => !allowed.includes(name));
  return {
    "no-restricted-imports": noServerPackages(LIB_IS_PURE),
    "import/no-nodejs-modules": ["error"],
    "no-restricted-globals": ["error", ...globals.map((name) => ({ name, message: LIB_IS_PURE }))],
    "no-restricted-properties": [
      "error",
      ...["globalThis", "window", "self"].flatMap((object) => globals.map((property) => ({ object, property, message: LIB_IS_PURE }))),
    ],
  };
};

const layerMeanings = [
  { files: ["lib/**/*.{ts,tsx,mts,cts}"], ignores: ["lib/public-env.ts"], rules: pureRules() },
  // The one reader of the browser-visible environment: literal `process.env.NEXT_PUBLIC_*` reads that Next inlines.
  { files: ["lib/public-env.ts"], rules: pureRules(["process"]) },
  {
    files: ["components/**/*.{ts,tsx,mts,cts}"],
    rules: { "no-restricted-imports": noServerPackages(BROWSER_CODE) },
  },
  {
    files: ["app/**/*.{ts,tsx,mts,cts}"],
    plugins: { layers: { rules: { "client-imports-server": clientImportsServer } } },
    rules: { "layers/client-imports-server": "error" },
  },
];
// ---- end of what each layer means --------------------------------------------------------------

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
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: [...layerZones, ...meaningZones] }],
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
  ...layerMeanings,
];

export default config;
