import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // Next resolves "server-only" to an empty module on the server; tests run server code directly.
  "server-only": path.join(root, "tests/fixtures/empty-module.ts"),
};

// A test's timeout bounds a hang, it is not a wait: every wait is on an event (a DOM change, a lazy
// component's code arriving, a job settling), so a passing test takes no longer for a larger bound.
// The bounds are set for a busy machine (two cores, both taken by other work), where a test can take
// several times what it takes on an idle one; Vitest's 5 s default fails there.
const UNIT_BOUNDS = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // Components and hooks (.tsx) get a DOM; everything else runs in plain Node, which starts in a
      // fraction of jsdom's time. A .ts test that needs the DOM says so with `@vitest-environment jsdom`.
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          ...UNIT_BOUNDS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-dom",
          include: ["tests/unit/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["tests/fixtures/unit-setup.ts"],
          ...UNIT_BOUNDS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/fixtures/integration-global-setup.ts"],
          setupFiles: ["tests/fixtures/integration-setup.ts"],
          // PGlite is one connection: files run one after another so their transactions never interleave.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
