// pg-boss stamps its heartbeat every 30 s (at most a minute apart) wherever its workers run: three
// minutes without one means no worker is running, and queued emails, webhooks and scheduled work wait.
export const STALE_HEARTBEAT_SECONDS = 180;

/** Whether the job engine's workers beat recently enough (null: none ever beat). */
export function jobWorkersBeating(heartbeatAgeSeconds: number | null): heartbeatAgeSeconds is number {
  return heartbeatAgeSeconds !== null && heartbeatAgeSeconds <= STALE_HEARTBEAT_SECONDS;
}
