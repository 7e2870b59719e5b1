import { serverEnv } from "@/server/env";

// Runs once when the server starts (never during the build): a misconfigured production server
// (services on the embedded stack, committed keys) refuses to start instead of failing on its first request.
export function register(): void {
  serverEnv();
}
