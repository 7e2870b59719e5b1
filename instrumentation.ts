import { serverEnv } from "@/server/env";

// Runs once when the server starts (never during the build): a misconfigured production server
// (services on the embedded stack, committed keys) refuses to start instead of failing on its first
// request. Then the job engine (D16) is installed, and its workers started unless JOB_WORKERS=off.
export async function register(): Promise<void> {
  serverEnv();
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerProcess } = await import("@/server/jobs/server-process");
  await startServerProcess();
}
