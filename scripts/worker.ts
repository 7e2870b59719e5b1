// npm run worker: the job engine's workers and schedule (D16) in a process of their own, for a
// deployment whose web instances run with JOB_WORKERS=off. Any number may run at once. It answers
// the health checks on WORKER_HEALTH_PORT (default 3001; "off": none) and stops as the web server
// does (D20): readiness 503, running jobs finish, then it exits. Started while its database is
// down, it waits for it (not ready meanwhile) rather than exit.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
process.env.JOB_WORKERS = "in-process";
const { requireValidConfiguration } = await import("../server/process/configuration-check");
requireValidConfiguration();
const { startWorkerHealthServer } = await import("../server/process/worker-health-server");
const { startServerProcess } = await import("../server/process/server-process");
const { JOB_HANDLERS } = await import("../server/jobs/job-registry");
const { closeDb } = await import("../server/db/client");
const { serverEnv } = await import("../server/env");

const setting = serverEnv().WORKER_HEALTH_PORT;
const port = setting === "off" ? null : setting;
let started = false;
// Served from the start: live at once, ready once its workers run (a worker started while its
// database is down waits for it), so a ready answer means this worker is doing its job.
const health = port === null ? null : await startWorkerHealthServer(port, undefined, { started: () => started });
await startServerProcess({
  jobHandlers: JOB_HANDLERS,
  retryStart: true,
  close: async () => {
    await health?.close();
    await closeDb();
  },
});
started = true;
