// npm run test:postgres: the integration suite against the PostgreSQL server TEST_DATABASE_URL names
// (each shard creates a database of its own there and drops it after). `npm test` runs the suite on
// the embedded PGlite, where the tests that only mean something on a server skip and say why (the
// fault suite, the resilience tests, planner plans, the scale seed: tests/fixtures/postgres-only.ts);
// here they run, and the concurrency tests get real concurrent connections instead of PGlite's one.
//
// Arguments and INTEGRATION_SHARDS are passed on as to `npm run test:integration`.
import { spawn } from "node:child_process";

const EXAMPLE = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:postgres";

const url = process.env.TEST_DATABASE_URL?.trim();
if (!url) {
  process.stderr.write(
    "npm run test:postgres needs a PostgreSQL server: set TEST_DATABASE_URL to a role that may create databases, e.g.\n" +
      `  ${EXAMPLE}\n` +
      "(without a server, `npm run test:integration` runs the suite on the embedded PGlite)\n",
  );
  process.exit(2);
}
if (!/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write(`TEST_DATABASE_URL must be a postgres:// URL, e.g.\n  ${EXAMPLE}\n`);
  process.exit(2);
}

const child = spawn(process.execPath, ["--import", "tsx", "scripts/test-integration.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  process.stderr.write(`could not start the integration suite: ${error.message}\n`);
  process.exit(1);
});
child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
