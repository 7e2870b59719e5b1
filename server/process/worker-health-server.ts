import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { jobHealthSchema, livenessSchema, readinessSchema, type Readiness } from "@/lib/health/health-schema";
import { jobHealth, liveness, readiness } from "../health/health-checks";
import { route } from "../http";
import { ApiError, errorResponse } from "../http/api-error";
import { log } from "../log";
import { isStopping } from "./process-stop";

// D20: the worker process answers the same health checks as the web server, at the same paths, on
// a port of its own (WORKER_HEALTH_PORT), so one container health check and one orchestrator probe
// serve both processes of the image. Nothing else is served here.

type Handlers = Record<string, (request: Request) => Promise<Response>>;

export type WorkerHealthOptions = {
  /** Whether the worker's jobs run: until then it is not ready (it may be waiting for its database). */
  started?: () => boolean;
};

function handlersFor(options: WorkerHealthOptions): Handlers {
  const started = options.started ?? (() => true);
  const ready = async (): Promise<Readiness> => {
    if (!started() && !isStopping()) throw new ApiError("unavailable", "The job workers have not started yet.");
    return readiness();
  };
  return {
    "/api/health/live": route({ response: livenessSchema }, () => liveness()),
    "/api/health/ready": route({ response: readinessSchema }, ready),
    "/api/health": route({ response: readinessSchema }, ready),
    "/api/health/jobs": route({ response: jobHealthSchema }, () => jobHealth()),
  };
}

async function answer(handlers: Handlers, request: IncomingMessage): Promise<Response> {
  const url = new URL(request.url ?? "/", "http://worker");
  const handler = handlers[url.pathname];
  if (!handler) return errorResponse(new ApiError("not_found", "Not found."), { "cache-control": "no-store" });
  if (request.method !== "GET" && request.method !== "HEAD") {
    return errorResponse(new ApiError("method_not_allowed", "Only GET is answered here."), {
      allow: "GET, HEAD",
      "cache-control": "no-store",
    });
  }
  return handler(new Request(url, { method: "GET" }));
}

async function serve(handlers: Handlers, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const answered = await answer(handlers, request);
    const body = Buffer.from(await answered.arrayBuffer());
    response.writeHead(answered.status, Object.fromEntries(answered.headers));
    response.end(request.method === "HEAD" ? undefined : body);
  } catch (error) {
    log.error("The worker's health check failed", { error });
    if (!response.headersSent) response.writeHead(500);
    response.end();
  }
}

export type WorkerHealthServer = { port: number; close: () => Promise<void> };

/**
 * Serves the health checks on `port` (every interface, as an orchestrator's probe comes from outside
 * the container). A port already taken (several workers on one machine) is logged and skipped: the
 * worker runs its jobs all the same, and a health check that expects it there fails visibly.
 */
export function startWorkerHealthServer(
  port: number,
  host?: string,
  options: WorkerHealthOptions = {},
): Promise<WorkerHealthServer | null> {
  const handlers = handlersFor(options);
  const server: Server = createServer((request, response) => void serve(handlers, request, response));
  // Short keep-alive: a stop waits for no idle probe connection.
  server.keepAliveTimeout = 1_000;
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE") return reject(error);
      log.warn("The worker's health checks are not served: the port is taken", { port });
      resolve(null);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      log.info("Worker health checks served", { port: bound, paths: Object.keys(handlers) });
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
