import { randomUUID } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import PgBoss from "pg-boss";
import { expect, inject } from "vitest";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { JOB_SCHEMA } from "@/server/db/client";
import { JOB_QUEUES } from "@/server/jobs/job-queues";
import { suiteSql } from "../../fixtures/db";
import { eventually, SITE } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { startTcpProxy } from "../../fixtures/tcp-proxy";
import { startWorkerProcess, type WorkerProcess } from "../../fixtures/worker-process";
import { freshAddress } from "../campaign/campaign-request";
import { faultRig } from "./fault-rig";

// A worker process rides out a short database outage (docs/architecture.md, Durable work): the
// database refuses every connection for a few seconds, as a restarted or failed-over server does.
// The worker stays up, records the outcome of the job it was running once the database is back, so
// the job is done seconds later rather than after its lease; a worker started during the outage
// waits for the database (not ready meanwhile) and then works. Real leases: nothing is shortened.
// Last, the engine itself (pg-boss 10, patched in patches/): an outcome it cannot record is an
// error it reports, not an unhandled rejection that would end the process.

const OUTAGE_MS = 4_000;
/** The email's lease: a job left claimed would be retried only after it (and a supervision). */
const LEASE_MS = JOB_QUEUES["send-email"].expireInSeconds * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port free on this machine now, for a worker's health checks. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function subscribe(email: string): Promise<Response> {
  const headers = { "content-type": "application/json", "x-real-ip": freshAddress() };
  return newsletterPOST(new Request(`${SITE}/api/newsletter`, { method: "POST", headers, body: JSON.stringify({ email }) }));
}

const onPostgres = postgresOnly("worker processes lose the database behind a proxy; PGlite is one connection inside the test runner");
onPostgres.describe("a worker process through a short database outage", () => {
  const sql = suiteSql();
  const rig = faultRig(sql, { workers: 1 });

  /** The newsletter email to an address: its outbox row and the state of its job. */
  async function emailOf(address: string) {
    const [row] = await sql<{ status: string; attempts: number; job_state: string | null }[]>`
      select o.status, o.attempts, j.state::text as job_state
      from public.email_outbox o
      left join pgboss.job j on j.name = 'send-email' and j.data ->> 'outboxId' = o.id::text
      where o.recipient = ${address}`;
    return row;
  }

  onPostgres.it(
    "keeps the worker running and records the job it was running once the database is back: done well before its lease",
    async () => {
      const [worker] = rig.host.workers();
      const address = `blip.${randomUUID().slice(0, 8)}@example.com`;
      // The mail server hangs, so the worker claims the email and waits on it.
      rig.smtp.setMode("hang");
      expect((await subscribe(address)).status).toBe(200);
      await eventually(async () => {
        expect(await emailOf(address)).toMatchObject({ status: "queued", attempts: 1, job_state: "active" });
        expect(rig.smtp.open()).toBeGreaterThanOrEqual(1);
      }, 20_000);
      // The database goes down; then the send fails, so neither the row's reason nor the job's
      // outcome can be written until the database is back.
      rig.postgres.setMode("refuse");
      rig.smtp.cut();
      rig.smtp.setMode("refuse");
      await sleep(OUTAGE_MS);
      rig.smtp.setMode("pass");
      rig.postgres.setMode("pass");
      const back = Date.now();

      // The failure is recorded, the job retried (1 s here) and the email sent: well before the lease
      // of a job left claimed would lapse.
      await eventually(
        async () => expect(await emailOf(address)).toMatchObject({ status: "sent", attempts: 2, job_state: "completed" }),
        LEASE_MS / 2,
      );
      console.info(`database outage of ${OUTAGE_MS} ms: the email's job was done ${Date.now() - back} ms after the database returned`);
      expect(isAlive(worker!.pid)).toBe(true);
      expect(rig.host.workers()).toEqual([worker]);
      expect(rig.host.crashes()).toEqual([]);
    },
    90_000,
  );

  onPostgres.it(
    "has a worker started while the database is down wait for it (live, not ready), then start and work",
    async () => {
      const port = await freePort();
      const health = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
      rig.postgres.setMode("refuse");
      let worker: WorkerProcess | undefined;
      const starting = startWorkerProcess({ ...rig.env, WORKER_HEALTH_PORT: String(port) });
      let startFailure: unknown;
      void starting.then(
        (started) => (worker = started),
        (error: unknown) => (startFailure = error),
      );
      try {
        // Its health checks answer while it waits: live, and not ready.
        await eventually(async () => {
          expect(startFailure).toBeUndefined();
          expect((await health("/api/health/live")).status).toBe(200);
        }, 20_000);
        await sleep(OUTAGE_MS);
        expect(startFailure).toBeUndefined();
        const waiting = await health("/api/health/ready");
        expect(waiting.status).toBe(503);
        expect(worker).toBeUndefined();

        rig.postgres.setMode("pass");
        const started = await starting;
        // Each attempt that found the database down was logged.
        expect(started.output()).toMatch(/"level":"warn"[^\n]*"message":"The job workers could not start: trying again"/);
        await eventually(async () => expect((await health("/api/health/ready")).status).toBe(200));

        // It works: with the other worker frozen, an email queued now is sent by it.
        const [other] = rig.host.workers();
        other!.freeze();
        try {
          const address = `late.${randomUUID().slice(0, 8)}@example.com`;
          expect((await subscribe(address)).status).toBe(200);
          await eventually(async () => expect(await emailOf(address)).toMatchObject({ status: "sent", job_state: "completed" }), 20_000);
        } finally {
          other!.thaw();
        }
        expect(rig.host.crashes()).toEqual([]);
        expect((await started.stop()).code).toBe(0);
      } finally {
        rig.postgres.setMode("pass");
        await starting.then((started) => started.stop()).catch(() => undefined);
      }
    },
    90_000,
  );

  onPostgres.it(
    "has the engine report an outcome it could not record, rather than leave its rejection unhandled",
    async () => {
      const database = new URL(inject("databaseUrl"));
      const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port) });
      const boss = new PgBoss({
        connectionString: proxy.url(database.toString()),
        schema: JOB_SCHEMA,
        migrate: false,
        supervise: false,
        schedule: false,
        max: 2,
      });
      const errors: { message?: unknown }[] = [];
      boss.on("error", (error: { message?: unknown }) => errors.push(error));
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on("unhandledRejection", onUnhandled);
      const queue = `blip-${randomUUID().slice(0, 8)}`;
      try {
        await boss.start();
        await boss.createQueue(queue);
        await boss.send(queue, {});
        // The handler fails as the database goes down: pg-boss's own fail() of the job is refused.
        await boss.work(queue, { pollingIntervalSeconds: 0.5 }, () => {
          proxy.setMode("refuse");
          return Promise.reject(new Error("the handler failed as the database went down"));
        });
        await eventually(
          () =>
            Promise.resolve(
              expect(errors.map((error) => String(error.message))).toContainEqual(
                expect.stringMatching(new RegExp(`ECONN.*Queue: ${queue}`)),
              ),
            ),
          10_000,
        );
        expect(unhandled).toEqual([]);
      } finally {
        proxy.setMode("pass");
        process.off("unhandledRejection", onUnhandled);
        await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
        await proxy.close();
        // The queue goes with its job, which nothing else works (pg-boss refuses to delete a queue that has jobs).
        await sql.begin(async (tx) => {
          await tx`delete from pgboss.job where name = ${queue}`;
          await tx`select pgboss.delete_queue(${queue})`;
        });
      }
    },
    30_000,
  );
});
