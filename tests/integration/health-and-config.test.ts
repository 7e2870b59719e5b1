import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { GET as config } from "@/app/api/config/route";
import { GET as jobs } from "@/app/api/health/jobs/route";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as health } from "@/app/api/health/route";
import { jobHealthSchema, readinessSchema } from "@/lib/health/health-schema";
import { installProcessStop, resetStopping, type StopHost } from "@/server/process/process-stop";
import { jobEngine, stopJobEngine } from "@/server/jobs/job-engine";
import { JOB_HANDLERS } from "@/server/jobs/job-registry";
import { JOB_SCHEDULES } from "@/server/jobs/job-schedules";
import { startJobWorkers } from "@/server/jobs/job-workers";
import { suiteSql } from "../fixtures/db";
import { eventually } from "../fixtures/payments";

const sql = suiteSql();

/** Signals as a process receives them, without touching this one's. */
function signalHost(): StopHost & EventEmitter {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { exit: vi.fn() }) as unknown as StopHost & EventEmitter;
}

const get = (path: string) => new Request(`http://localhost:3000${path}`);

describe("GET /api/health/live, /api/health/ready, /api/health (D20)", () => {
  it("live: the process answers, asking nothing else", async () => {
    const response = await live(get("/api/health/live"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toEqual({ data: { status: "ok" } });
  });

  it("ready, and /api/health as it: the database answers on several connections at once", async () => {
    for (const [path, handler] of [
      ["/api/health/ready", ready],
      ["/api/health", health],
    ] as const) {
      const response = await handler(get(path));
      expect(response.status, path).toBe(200);
      const body = await response.json();
      expect(readinessSchema.parse(body.data), path).toMatchObject({ status: "ok", database: { status: "ok", connections: 3 } });
      expect(typeof body.data.database.latencyMs).toBe("number");
      expect(body.data.jobs, `${path} says nothing of the job engine`).toBeUndefined();
    }
  });

  it("ready and /api/health answer 503 once a stop began (the balancer drains the instance), live still 200", async () => {
    const host = signalHost();
    let finishJobs!: () => void;
    const jobsFinished = new Promise<void>((resolve) => (finishJobs = resolve));
    const nextStop = vi.fn();
    host.on("SIGTERM", nextStop);
    installProcessStop({ finishWork: () => jobsFinished, say: () => {}, host });
    try {
      expect((await ready(get("/api/health/ready"))).status).toBe(200);
      host.emit("SIGTERM", "SIGTERM");
      for (const [path, handler] of [
        ["/api/health/ready", ready],
        ["/api/health", health],
      ] as const) {
        const stopping = await handler(get(path));
        expect(stopping.status, path).toBe(503);
        expect(await stopping.json()).toEqual({ error: "This instance is stopping.", code: "unavailable" });
      }
      expect((await live(get("/api/health/live"))).status).toBe(200);
      // Next's own stop (close, finish requests, exit) comes once the running jobs finished.
      expect(nextStop).not.toHaveBeenCalled();
      finishJobs();
      await vi.waitFor(() => expect(nextStop).toHaveBeenCalledWith("SIGTERM"));
    } finally {
      resetStopping();
    }
  });
});

describe("GET /api/health/jobs (D20: for operators and alerts)", () => {
  it("answers 503 when the job workers' heartbeat is older than three minutes while ready and /api/health stay 200, and 200 once they beat again", async () => {
    // No worker in this process either: nothing stamps the heartbeat while the test looks at it.
    await stopJobEngine({ graceful: false });
    try {
      await sql`update pgboss.version set cron_on = now() - interval '4 minutes', maintained_on = now() - interval '5 minutes', monitored_on = null`;
      const stale = await jobs(get("/api/health/jobs"));
      expect(stale.status).toBe(503);
      expect(await stale.json()).toEqual({ error: "The job workers are not running.", code: "unavailable" });
      // One stopped worker never takes the web instances out of their load balancer.
      expect((await ready(get("/api/health/ready"))).status).toBe(200);
      expect((await health(get("/api/health"))).status).toBe(200);

      await sql`update pgboss.version set cron_on = now() - interval '2 minutes', maintained_on = null, monitored_on = null`;
      const beating = await jobs(get("/api/health/jobs"));
      expect(beating.status).toBe(200);
      expect(jobHealthSchema.parse((await beating.json()).data).heartbeatAgeSeconds).toBeGreaterThanOrEqual(119);

      await sql`update pgboss.version set cron_on = null, maintained_on = null, monitored_on = null`;
      expect((await jobs(get("/api/health/jobs"))).status).toBe(503);
      expect((await health(get("/api/health"))).status).toBe(200);
    } finally {
      // As the integration setup leaves them: workers running, the periodic schedule off.
      await startJobWorkers(JOB_HANDLERS);
      for (const { name } of JOB_SCHEDULES) await jobEngine().unschedule(name);
    }
    const body = await eventually(async () => {
      const response = await jobs(get("/api/health/jobs"));
      expect(response.status).toBe(200);
      return response.json();
    });
    expect(body.data.heartbeatAgeSeconds).toBeLessThan(60);
  });
});

describe("GET /api/config (D9)", () => {
  it("decides the environment from the site's hostname and serves the site as the backend", async () => {
    const local = await (await config(new Request("http://localhost:3000/api/config"))).json();
    expect(local).toEqual({ data: { environment: "local", api: { baseUrl: "http://localhost:3000" } } });
  });

  it("Host header injection: never echoes the Host a request was sent with", async () => {
    for (const host of ["https://evil.example", "http://glucosechallenge.app"]) {
      const spoofed = await (await config(new Request(`${host}/api/config`, { headers: { host: new URL(host).host } }))).json();
      expect(spoofed).toEqual({ data: { environment: "local", api: { baseUrl: "http://localhost:3000" } } });
    }
  });

  it("honours an asked-for environment and rejects an unknown one", async () => {
    const asked = await (await config(new Request("http://localhost:3000/api/config?environment=production"))).json();
    expect(asked.data.environment).toBe("production");
    const bad = await config(new Request("http://localhost:3000/api/config?environment=staging"));
    expect(bad.status).toBe(422);
  });
});
