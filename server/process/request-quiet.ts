import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";

// When this process last began answering an HTTP request, from Node's own HTTP server events (any
// server in the process, Next's included), so a stop can wait for the requests to stop coming.

const globalForRequests = globalThis as typeof globalThis & { __lastRequestAt?: number; __watchingRequests?: boolean };

/** Starts noting each request's start (once per process). */
export function watchRequests(): void {
  if (globalForRequests.__watchingRequests) return;
  globalForRequests.__watchingRequests = true;
  diagnosticsChannel.subscribe("http.server.request.start", () => {
    globalForRequests.__lastRequestAt = performance.now();
  });
}

/**
 * Resolves once no request has begun for `quietMs` (at once if none came lately), or after `maxMs`
 * whatever comes. A balancer keeps sending for a moment after the readiness check says 503, and
 * connections wait in the listen queue until the process takes them: both are answered rather than
 * reset by closing the listener under them.
 */
export async function requestsQuiet({ quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<void> {
  const deadline = performance.now() + maxMs;
  for (;;) {
    const now = performance.now();
    const quietFor = now - (globalForRequests.__lastRequestAt ?? -Infinity);
    if (quietFor >= quietMs || now >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - quietFor, deadline - now)));
  }
}
