// npm run worker: the job engine's workers and schedule (D16) in a process of their own, for a
// deployment whose web instances run with JOB_WORKERS=off. Any number may run at once.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
process.env.JOB_WORKERS = "in-process";
const { startServerProcess } = await import("../server/jobs/server-process");
await startServerProcess();
