import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { site } from "@/lib/site";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { eventually, SITE } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { freshAddress } from "../campaign/campaign-request";
import { faultRig, lapseLeases } from "./fault-rig";

// Email is delivered at least once (docs/architecture.md, Durable work): a worker that dies after
// the mail server accepted a message and before it recorded so sends it again. This pins down what
// the recipient then gets: two copies carrying the same Message-ID (the outbox row's), and one row
// marked sent. The worker is caught in that window by partitioning its database just before the
// mail server is let through, so the row's update waits while the message is accepted.

const onPostgres = postgresOnly("a worker process is killed while it holds the database; PGlite is one connection inside the test runner");
onPostgres.describe("a worker killed after the mail server accepted a message and before it recorded it", () => {
  const sql = suiteSql();
  const rig = faultRig(sql, { workers: 1 });

  it("sends the message again on the retry: two copies with the row's Message-ID, one row marked sent", async () => {
    const address = `twice.${randomUUID().slice(0, 8)}@example.com`;
    rig.smtp.setMode("hang");
    const headers = { "content-type": "application/json", "x-real-ip": freshAddress() };
    const answer = await newsletterPOST(
      new Request(`${SITE}/api/newsletter`, { method: "POST", headers, body: JSON.stringify({ email: address }) }),
    );
    expect(answer.status).toBe(200);
    const row = async () => {
      const [found] = await sql<{ id: string; status: string; attempts: number }[]>`
        select id, status, attempts from public.email_outbox where recipient = ${address}`;
      return found;
    };
    // The worker has claimed the row and waits for the mail server's greeting (it gives up after 5 s).
    await eventually(async () => {
      expect((await row())?.attempts).toBe(1);
      expect(rig.smtp.open()).toBeGreaterThanOrEqual(1);
    }, 4_000);
    rig.postgres.setMode("hang");
    rig.smtp.setMode("pass");
    const [first] = await waitForMail(address, 1);
    expect(first).toBeDefined();

    const [worker] = rig.host.workers();
    expect((await rig.host.kill9(worker)).signal).toBe("SIGKILL");
    rig.postgres.cut();
    rig.postgres.setMode("pass");
    const unrecorded = await row();
    expect(unrecorded?.status).toBe("queued");

    // Its job was still claimed; once the lease lapses a new worker retries it.
    expect(await lapseLeases(sql)).toBeGreaterThanOrEqual(1);
    await rig.host.start(1);
    await eventually(async () => expect((await row())?.status).toBe("sent"), 30_000);

    const copies = await inboxFor(address);
    expect(copies).toHaveLength(2);
    const messageId = `<${unrecorded!.id}@outbox.${site.domain}>`;
    expect(copies.map((message) => message.messageId)).toEqual([messageId, messageId]);
    expect((await row())?.attempts).toBe(2);
  }, 90_000);
});
