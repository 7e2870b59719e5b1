import { describe, expect, it } from "vitest";
import { GET as config } from "@/app/api/config/route";
import { GET as health } from "@/app/api/health/route";
import { healthSchema } from "@/lib/health/health-schema";
import { jobEngine, stopJobEngine } from "@/server/jobs/job-engine";
import { JOB_SCHEDULES } from "@/server/jobs/job-handlers";
import { startJobWorkers } from "@/server/jobs/job-workers";
import { suiteSql } from "../fixtures/db";
import { eventually } from "../fixtures/payments";

const sql = suiteSql();

describe("GET /api/health", () => {
  it("reports the app and its database as up", async () => {
    const response = await health(new Request("http://localhost:3000/api/health"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.status).toBe("ok");
    expect(body.data.database.status).toBe("ok");
    expect(typeof body.data.database.latencyMs).toBe("number");
    expect(healthSchema.parse(body.data)).toMatchObject({ database: { connections: 3 }, jobs: { status: "ok" } });
  });

  it("answers 503 when the job workers' heartbeat is older than three minutes, and 200 once they beat again", async () => {
    // No worker in this process either: nothing stamps the heartbeat while the test looks at it.
    await stopJobEngine({ graceful: false });
    try {
      await sql`update pgboss.version set cron_on = now() - interval '4 minutes', maintained_on = now() - interval '5 minutes', monitored_on = null`;
      const stale = await health(new Request("http://localhost:3000/api/health"));
      expect(stale.status).toBe(503);
      expect(await stale.json()).toEqual({ error: "The job workers are not running.", code: "unavailable" });

      await sql`update pgboss.version set cron_on = now() - interval '2 minutes', maintained_on = null, monitored_on = null`;
      expect((await health(new Request("http://localhost:3000/api/health"))).status).toBe(200);

      await sql`update pgboss.version set cron_on = null, maintained_on = null, monitored_on = null`;
      expect((await health(new Request("http://localhost:3000/api/health"))).status).toBe(503);
    } finally {
      // As the integration setup leaves them: workers running, the periodic schedule off.
      await startJobWorkers();
      for (const { name } of JOB_SCHEDULES) await jobEngine().unschedule(name);
    }
    const body = await eventually(async () => {
      const response = await health(new Request("http://localhost:3000/api/health"));
      expect(response.status).toBe(200);
      return response.json();
    });
    expect(body.data.jobs.heartbeatAgeSeconds).toBeLessThan(60);
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
