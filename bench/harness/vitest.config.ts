import path from "node:path";
import { defineConfig } from "vitest/config";

// The pledge burst's database side, without a server (bench/harness/pledge-db.test.ts): the
// integration tests' fresh database, mail catcher and stand-ins, run only on demand:
// TEST_DATABASE_URL=postgres://... npx vitest run --config bench/harness/vitest.config.ts
const root = path.join(import.meta.dirname, "../..");
const alias = { "@": root, "server-only": path.join(root, "tests/fixtures/empty-module.ts") };

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    include: ["bench/harness/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/fixtures/integration-global-setup.ts"],
    setupFiles: ["tests/fixtures/integration-setup.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
