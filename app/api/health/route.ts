// GET /api/health - readiness: the database answers on several connections and the job workers beat.
import { healthSchema } from "@/lib/health/health-schema";
import { ApiError, route } from "@/server/http";
import { checkDatabase, jobHeartbeatAgeSeconds } from "@/server/db/health";

export const dynamic = "force-dynamic";

// pg-boss stamps its heartbeat every 30 s (at most a minute apart): three minutes without one means
// no worker is running, and queued emails, webhooks and scheduled work wait.
const STALE_HEARTBEAT_SECONDS = 180;

export const GET = route({ response: healthSchema }, async () => {
  const [database, heartbeatAgeSeconds] = await Promise.all([checkDatabase(), jobHeartbeatAgeSeconds()]);
  if (!database.ok) throw new ApiError("unavailable", "The database is not reachable.");
  if (heartbeatAgeSeconds === null || heartbeatAgeSeconds > STALE_HEARTBEAT_SECONDS) {
    throw new ApiError("unavailable", "The job workers are not running.");
  }
  return {
    status: "ok" as const,
    database: { status: "ok" as const, latencyMs: database.latencyMs, connections: database.connections },
    jobs: { status: "ok" as const, heartbeatAgeSeconds },
  };
});
