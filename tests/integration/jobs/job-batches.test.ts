import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { queueEmail } from "@/server/email/outbox";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { eventually } from "../../fixtures/payments";

// D16: a worker fetches several jobs at once and runs them side by side; each is still done or
// failed on its own. A job that fails in a batch is retried alone, the others are done once.

const sql = suiteSql();
const refusal = (method: "PUT" | "DELETE", address: string) =>
  fetch(`${inject("inboxUrl")}/api/refused/${encodeURIComponent(address)}`, { method });

type JobRow = {
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  state: string;
  retry_count: number;
  started_on: Date | null;
};

async function rowsOf(recipients: string[]): Promise<JobRow[]> {
  return sql<JobRow[]>`
    select o.recipient, o.status, o.attempts, o.last_error, j.state::text, j.retry_count, j.started_on
    from public.email_outbox o join pgboss.job j on j.name = 'send-email' and j.data->>'outboxId' = o.id::text
    where o.recipient in ${sql(recipients)} order by o.recipient`;
}

describe("a batch of jobs", () => {
  it("fails the job that failed alone and retries it alone; the others of its batch are done once", async () => {
    const tag = randomUUID().slice(0, 8);
    const up = Array.from({ length: 4 }, (_, i) => `batch-up-${i}-${tag}@example.com`);
    const down = `batch-down-${tag}@example.com`;
    expect((await refusal("PUT", down)).status).toBe(200);
    try {
      // One transaction: the five jobs are there at once, so one worker's fetch takes them together.
      await db().begin(async (tx) => {
        for (const to of [...up, down]) await queueEmail(tx, { kind: "newsletter-welcome", to, data: {} });
      });
      for (const to of up) expect(await waitForMail(to)).toHaveLength(1);
      const failed = await eventually(async () => {
        const row = (await rowsOf([down]))[0];
        expect(row).toMatchObject({ status: "queued", last_error: expect.stringMatching(/Mailbox unavailable/) });
        expect(row!.attempts).toBeGreaterThanOrEqual(1);
        return row!;
      }, 10_000);
      expect(failed.state).not.toBe("completed");
      const done = await eventually(async () => {
        const rows = await rowsOf(up);
        for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, state: "completed", retry_count: 0 });
        return rows;
      }, 10_000);
      // They were fetched in one batch (one claim, one start time), and none was run again with the failed one.
      expect(new Set(done.map((row) => row.started_on?.getTime())).size).toBe(1);

      expect((await refusal("DELETE", down)).status).toBe(200);
      await eventually(
        async () => expect((await rowsOf([down]))[0]).toMatchObject({ status: "sent", state: "completed", last_error: null }),
        20_000,
      );
      for (const to of [...up, down]) expect(await inboxFor(to)).toHaveLength(1);
      for (const row of await rowsOf(up)) expect(row).toMatchObject({ attempts: 1, retry_count: 0 });
    } finally {
      await refusal("DELETE", down);
    }
  }, 40_000);
});
