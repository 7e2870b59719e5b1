// npm run test:integration: the integration files in shards that run at once, each its own Vitest
// process with its own database, mail catcher and Auth and Stripe stand-ins (its global set-up), so
// no shard sees another's rows, mail or jobs. Within a shard files run one after another. Much of a
// file's time is spent waiting (on the database, on a job's next poll), so two shards finish in
// little more than half the time of one, even on two cores.
//
// INTEGRATION_SHARDS sets the number (default 2; 1 runs a single process); arguments are passed on
// to Vitest, e.g. `npm run test:integration -- tests/integration/payments`.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const shards = Math.max(1, Number.parseInt(process.env.INTEGRATION_SHARDS ?? "2", 10) || 2);
const args = process.argv.slice(2);
const vitest = "node_modules/.bin/vitest";

function runShard(index: number): Promise<number> {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`, "--passWithNoTests"] : [];
  const child = spawn(vitest, ["run", "--project", "integration", ...shardArgs, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const prefix = shards > 1 ? `[${index}/${shards}] ` : "";
  for (const stream of [child.stdout, child.stderr]) {
    const target = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on("line", (line) => target.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${prefix}could not start Vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (failed.length > 0) process.stderr.write(`\nIntegration shard(s) ${failed.join(", ")} of ${shards} failed\n`);
process.exit(failed.length > 0 ? 1 : 0);
