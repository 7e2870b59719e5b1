import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { suiteSql } from "../fixtures/db";

const sql = suiteSql();
const jobsFor = async (eventId: string) =>
  sql`select state::text from pgboss.job where name = 'stripe-event' and data->>'eventId' = ${eventId}`;

describe("the job engine (D16)", () => {
  it("keeps a job queued in a transaction that rolls back out of the queue", async () => {
    const eventId = `evt_rolled_back_${Date.now()}`;
    await expect(
      db().begin(async (tx) => {
        await enqueueJob(tx, "stripe-event", { eventId });
        throw new Error("the change failed after its job was queued");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobsFor(eventId)).toEqual([]);
  });

  it("queues a job that commits with its transaction", async () => {
    const eventId = `evt_committed_${Date.now()}`;
    // An event id with no stored event: the job finds nothing to do and completes.
    await db().begin((tx) => enqueueJob(tx, "stripe-event", { eventId }));
    await expect.poll(async () => (await jobsFor(eventId)).map((j) => j.state), { timeout: 10_000 }).toEqual(["completed"]);
  });

  it("refuses to queue (and so rolls the change back) when the engine's queue does not exist", async () => {
    await expect(
      db().begin(async (tx) => {
        await tx`delete from pgboss.job where name = 'send-email'`;
        await tx`delete from pgboss.queue where name = 'send-email'`;
        await enqueueJob(tx, "send-email", { outboxId: "00000000-0000-4000-8000-000000000000" });
      }),
    ).rejects.toThrow(/does not exist: start the job engine/);
    expect(await sql`select name from pgboss.queue where name = 'send-email'`).toHaveLength(1);
  });
});
