// D20, fail closed: the production build started with APP_ENV=production and the committed local
// configuration (.env: the embedded stack's addresses and keys) must not serve. The web server
// (`next start`) and the compiled worker each print what is wrong and exit non-zero, promptly.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { freePort, sleep, type Managed } from "../../tests/harness/processes";
import { startNextServer, startWorkerProcess } from "./image-processes";
import type { ProductionCheckContext } from "./stop-checks";

/** How long a process may take to start, find its configuration wrong and exit. */
const EXIT_BOUND_MS = 30_000;
/** A committed local key the local configuration holds: every production check names it. */
const FLAGGED = "STRIPE_SECRET_KEY";

/** The committed local configuration (the checkout's .env) with APP_ENV=production. */
function localConfiguration(context: ProductionCheckContext): NodeJS.ProcessEnv {
  const committed = parseEnv(readFileSync(path.join(process.cwd(), ".env"), "utf8")) as Record<string, string>;
  if (!committed[FLAGGED])
    throw new Error(`the checkout's .env holds no ${FLAGGED}: the fail-closed check has no local configuration to start with`);
  return { ...context.env, ...committed, APP_ENV: "production", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
}

async function expectRefusal(context: ProductionCheckContext, proc: Managed, what: string, problems: string[]): Promise<void> {
  const started = Date.now();
  try {
    const exited = await Promise.race([proc.exited.then(() => true), sleep(EXIT_BOUND_MS).then(() => false)]);
    const output = proc.tail();
    if (!exited) {
      problems.push(`${what} with local configuration still ran ${EXIT_BOUND_MS / 1000} s after it started`);
      context.say(`${what}: still running after ${EXIT_BOUND_MS / 1000} s`);
      return;
    }
    const { exitCode, signalCode } = proc.child;
    context.say(
      `${what}: exited after ${Date.now() - started} ms with ${signalCode ? `signal ${signalCode}` : `code ${String(exitCode)}`}`,
    );
    if (exitCode === 0 || exitCode === null)
      problems.push(`${what} with local configuration exited with ${signalCode ?? exitCode}, not an error code`);
    if (!output.includes(FLAGGED)) problems.push(`${what} did not say what is wrong (no mention of ${FLAGGED}):\n${output}`);
  } finally {
    await proc.stop();
  }
}

/** The web server and the worker refuse the committed local configuration in production: each exits non-zero with the problems. */
export async function failClosedChecks(context: ProductionCheckContext): Promise<void> {
  const env = localConfiguration(context);
  const problems: string[] = [];
  const port = await freePort();
  const web = startNextServer(context.dir, "web server (local configuration)", port, env);
  await expectRefusal(context, web, "the web server", problems);
  const { worker } = await startWorkerProcess(context.dir, "worker (local configuration)", env);
  await expectRefusal(context, worker, "the worker", problems);
  if (problems.length > 0) throw new Error(`the fail-closed checks failed:\n- ${problems.join("\n- ")}`);
}
