// npm run worker: the job engine's workers and schedule (D16) in a process of their own, for a
// deployment whose web instances run with JOB_WORKERS=off. Any number may run at once. It answers
// the health checks on WORKER_HEALTH_PORT (default 3001; "off": none) and stops as the web server
// does (D20): readiness 503, running jobs finish, then it exits.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
process.env.JOB_WORKERS = "in-process";
const { requireValidConfiguration } = await import("../server/process/configuration-check");
requireValidConfiguration();
const { startWorkerHealthServer } = await import("../server/process/worker-health-server");
const { startServerProcess } = await import("../server/jobs/server-process");
const { closeDb } = await import("../server/db/client");
const { serverEnv } = await import("../server/env");

const setting = serverEnv().WORKER_HEALTH_PORT;
const port = setting === "off" ? null : setting;
let health: Awaited<ReturnType<typeof startWorkerHealthServer>> = null;
await startServerProcess({
  close: async () => {
    await health?.close();
    await closeDb();
  },
});
// Once its workers run: a ready answer means this worker is doing its job.
if (port !== null) health = await startWorkerHealthServer(port);
