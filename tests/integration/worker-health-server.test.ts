import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobHealthSchema, livenessSchema, readinessSchema } from "@/lib/health/health-schema";
import { startWorkerHealthServer, type WorkerHealthServer } from "@/server/process/worker-health-server";
import { installProcessStop, resetStopping, type StopHost } from "@/server/process/process-stop";
import { EventEmitter } from "node:events";

// D20: the worker process answers the web server's health checks at the same paths on a port of its
// own, so one container health check (scripts/healthcheck.mjs) and one probe serve both processes.

let server: WorkerHealthServer;
const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

beforeAll(async () => {
  const started = await startWorkerHealthServer(0, "127.0.0.1");
  if (!started) throw new Error("the worker's health server did not start");
  server = started;
});

afterAll(async () => {
  await server.close();
});

describe("the worker's health server", () => {
  it("answers live, ready (and /api/health as it) and the job engine's health in the web server's shapes", async () => {
    const live = await fetch(url("/api/health/live"));
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(livenessSchema.parse((await live.json()).data)).toEqual({ status: "ok" });
    for (const path of ["/api/health/ready", "/api/health"]) {
      const ready = await fetch(url(path));
      expect(ready.status, path).toBe(200);
      expect(readinessSchema.parse((await ready.json()).data)).toMatchObject({ database: { status: "ok", connections: 3 } });
    }
    // The integration setup runs the job workers in this process: they beat.
    const jobs = await fetch(url("/api/health/jobs"));
    expect(jobs.status).toBe(200);
    expect(jobHealthSchema.parse((await jobs.json()).data).heartbeatAgeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("answers HEAD without a body, 404 elsewhere and 405 to anything but GET", async () => {
    const head = await fetch(url("/api/health/live"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const missing = await fetch(url("/api/cohorts"));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found.", code: "not_found" });
    const post = await fetch(url("/api/health/ready"), { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers ready 503 (live 200) once the worker is stopping", async () => {
    const host = Object.assign(new EventEmitter(), { exit: () => {} }) as unknown as StopHost & EventEmitter;
    let finish!: () => void;
    installProcessStop({ finishWork: () => new Promise<void>((resolve) => (finish = resolve)), say: () => {}, host });
    try {
      host.emit("SIGINT", "SIGINT");
      const ready = await fetch(url("/api/health/ready"));
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ error: "This instance is stopping.", code: "unavailable" });
      expect((await fetch(url("/api/health/live"))).status).toBe(200);
    } finally {
      finish();
      resetStopping();
    }
  });

  it("answers ready 503 (live 200) until the worker's jobs run, as while it waits for its database at start", async () => {
    let started = false;
    const starting = await startWorkerHealthServer(0, "127.0.0.1", { started: () => started });
    if (!starting) throw new Error("the worker's health server did not start");
    const at = (path: string) => `http://127.0.0.1:${starting.port}${path}`;
    try {
      const waiting = await fetch(at("/api/health/ready"));
      expect(waiting.status).toBe(503);
      expect(await waiting.json()).toEqual({ error: "The job workers have not started yet.", code: "unavailable" });
      expect((await fetch(at("/api/health/live"))).status).toBe(200);
      started = true;
      expect((await fetch(at("/api/health/ready"))).status).toBe(200);
    } finally {
      await starting.close();
    }
  });

  it("leaves a port another process holds: the worker runs on without its health checks", async () => {
    expect(await startWorkerHealthServer(server.port, "127.0.0.1")).toBeNull();
  });
});
