import type { Sql } from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { stopJobEngine } from "@/server/jobs/job-engine";
import { forgetLocalWorkers } from "@/server/jobs/job-workers-wake";
import { jobsSettled } from "../../fixtures/jobs";
import { startTcpProxy, type TcpProxy } from "../../fixtures/tcp-proxy";
import { workerHost, type WorkerHost } from "../../fixtures/worker-process";

// The fault suite's setting: the app's job workers run as real `npm run worker` processes whose
// database, mail server and Stripe are reached through TCP proxies the test controls. The test
// file's own in-process workers are stopped, so the spawned processes are the only ones doing the
// work (and a kill -9 hits the one that holds it); the file still queues work through the route
// handlers, in its own process, on a direct connection.

export type FaultRig = {
  postgres: TcpProxy;
  smtp: TcpProxy;
  stripe: TcpProxy;
  host: WorkerHost;
  /** The environment the host's workers run with (their dependencies behind the proxies), for a worker a test starts itself. */
  env: Record<string, string>;
};

function endpointOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/** Proxies and `workers` worker processes for one file, started before its tests and stopped after them. */
export function faultRig(sql: Sql, options: { workers: number }): FaultRig {
  let rig: FaultRig | undefined;
  beforeAll(async () => {
    await stopJobEngine({ graceful: true });
    forgetLocalWorkers();
    const [postgres, smtp, stripe] = await Promise.all([
      startTcpProxy(endpointOf(inject("databaseUrl"))),
      startTcpProxy(endpointOf(inject("smtpUrl"))),
      startTcpProxy(endpointOf(inject("stripeUrl"))),
    ]);
    const env = {
      DATABASE_URL: postgres.url(inject("databaseUrl")),
      SMTP_URL: smtp.url(inject("smtpUrl")),
      STRIPE_API_URL: stripe.url(inject("stripeUrl")),
      JOB_WORKERS: "in-process",
      JOB_POLL_SECONDS: "0.5",
      JOB_RETRY_DELAY_SECONDS: "1",
      JOB_MAINTENANCE_SECONDS: "2",
    };
    const host = workerHost(env);
    rig = { postgres, smtp, stripe, host, env };
    await host.start(options.workers);
  });
  afterAll(async () => {
    if (!rig) return;
    for (const proxy of [rig.postgres, rig.smtp, rig.stripe]) proxy.setMode("pass");
    // Nothing this file queued may be left claimed by a worker when the next file starts.
    const settled = jobsSettled(sql, 30_000).catch((error: unknown) => error);
    const outcome = await settled;
    await rig.host.stopAll();
    await Promise.all([rig.postgres.close(), rig.smtp.close(), rig.stripe.close()]);
    if (outcome instanceof Error) throw outcome;
  });
  const started = () => {
    if (!rig) throw new Error("The fault rig starts in beforeAll");
    return rig;
  };
  return {
    get postgres() {
      return started().postgres;
    },
    get smtp() {
      return started().smtp;
    },
    get stripe() {
      return started().stripe;
    },
    get host() {
      return started().host;
    },
    get env() {
      return started().env;
    },
  };
}

/**
 * A job a killed worker claimed stays "active" until its lease (the queue's expireInSeconds: 60 s
 * for an email, 120 s for a Stripe event) lapses; then the engine's supervision fails it and
 * retries it. The suite shortens the leases held at the kill to one second instead of waiting
 * minutes: what follows is the engine's own recovery. Only the killed worker may hold jobs then.
 */
export async function lapseLeases(sql: Sql): Promise<number> {
  const rows = await sql`update pgboss.job set expire_in = interval '1 second' where state = 'active' returning id`;
  return rows.length;
}
