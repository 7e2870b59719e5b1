// Runs once when the server starts (never during the build). A misconfigured production server
// (services on the embedded stack, committed keys) prints what is wrong and exits 1 instead of
// listening and failing every request. Then the job engine (D16) is installed, its workers started
// unless JOB_WORKERS=off, and the stop that finishes requests and jobs (D20) set up.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") {
    // Another runtime cannot end the process: its first use of the configuration throws instead.
    const { serverEnv } = await import("@/server/env");
    serverEnv();
    return;
  }
  const { requireValidConfiguration } = await import("@/server/process/configuration-check");
  requireValidConfiguration();
  const { startServerProcess } = await import("@/server/process/server-process");
  const { JOB_HANDLERS } = await import("@/server/jobs/job-registry");
  await startServerProcess({ servesRequests: true, jobHandlers: JOB_HANDLERS });
}
