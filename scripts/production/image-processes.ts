// The two processes the image runs, started from its /app as a host starts them: `next start` and the
// compiled worker, each with the environment it is given and nothing else.
import path from "node:path";
import { freePort, startProcess, type Managed } from "../../tests/harness/processes";

/** `next start` on `port` (127.0.0.1) in the image's /app. */
export function startNextServer(dir: string, name: string, port: number, env: NodeJS.ProcessEnv): Managed {
  return startProcess({
    name,
    command: process.execPath,
    args: [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: dir,
    env,
  });
}

/** `node .next/worker.mjs` in the image's /app, its health checks on a free port. */
export async function startWorkerProcess(
  dir: string,
  name: string,
  env: NodeJS.ProcessEnv,
): Promise<{ worker: Managed; healthPort: number }> {
  const healthPort = await freePort();
  const worker = startProcess({
    name,
    command: process.execPath,
    args: [path.join(".next", "worker.mjs")],
    cwd: dir,
    env: { ...env, WORKER_HEALTH_PORT: String(healthPort) },
  });
  return { worker, healthPort };
}
