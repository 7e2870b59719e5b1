import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as jobHealthRoute } from "@/app/api/health/jobs/route";
import { jobHealthSchema } from "@/lib/health/health-schema";
import { db } from "@/server/db/client";
import { listJobsNeedingAttention } from "@/server/db/operator/health-jobs";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { jobEngine } from "@/server/jobs/job-engine";
import { healthOverview } from "@/server/operator/health-overview";
import { suiteSql } from "../../fixtures/db";
import { eventually } from "../../fixtures/payments";
import { postgresOnly } from "../../fixtures/postgres-only";
import { statementPlans } from "../../fixtures/statement-plans";

// D16, D20: a job whose handler keeps failing blocks nothing, but it must not stay unseen until it
// gives up days later. From its third failed attempt in a row it is listed as needing attention
// while it is still retried (the Health page, GET /api/health/jobs), and the error-level line
// "Job needs attention" is logged once, for an alerting rule. The server logs through console.error
// from error level up; this file logs at that level (read when its workers start, after this line)
// and keeps the lines.
process.env.LOG_LEVEL = "error";
const logged: string[] = [];
vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));

const sql = suiteSql();
const plansOf = statementPlans(sql);
const onPostgres = postgresOnly(
  "asserts the plans PostgreSQL's planner chooses from the statistics of a bulk load; PGlite's are not the server's",
);

type JobState = { state: string; retry_count: number };
const jobOf = async (id: string) =>
  (await sql<JobState[]>`select state::text, retry_count from pgboss.job where name = 'send-email' and id = ${id}`)[0];
const attentionLines = (jobId: string) =>
  logged.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.message === "Job needs attention" && entry.jobId === jobId ? [entry] : [];
    } catch {
      return [];
    }
  });

/** A send-email job that fails every attempt: its email is a receipt of an order that does not exist. */
async function poisonJob(): Promise<string> {
  const outboxId = await db().begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into public.email_outbox (kind, recipient, data) values ('payment-confirmation', ${`poison-${randomUUID().slice(0, 8)}@example.com`}, ${tx.json({ orderId: randomUUID() })})
      returning id::text`;
    await enqueueJob(tx, "send-email", { outboxId: row!.id });
    return row!.id;
  });
  const [job] = await sql<
    { id: string }[]
  >`select id::text from pgboss.job where name = 'send-email' and data ->> 'outboxId' = ${outboxId}`;
  return job!.id;
}

const jobIds: string[] = [];
afterAll(async () => {
  await sql`update pgboss.job set state = 'cancelled', completed_on = now() where name = 'send-email' and id = any(${jobIds}::uuid[]) and state < 'completed'`;
});

describe("a job that keeps failing", () => {
  it("needs attention from its third failed attempt, while it is still retried, with its queue, attempts and last error; the alert line is logged once", async () => {
    const jobId = await poisonJob();
    jobIds.push(jobId);

    // Two failed attempts: not yet.
    await eventually(async () => expect(await jobOf(jobId)).toMatchObject({ state: "retry", retry_count: 1 }), 20_000);
    expect((await healthOverview()).needsAttention.map((job) => job.id)).not.toContain(jobId);
    expect(attentionLines(jobId)).toEqual([]);

    // The third: waiting for its fourth attempt (pg-boss's retry_count is 2), listed and alerted.
    await eventually(async () => expect(await jobOf(jobId)).toMatchObject({ state: "retry", retry_count: 2 }), 20_000);
    const health = await healthOverview();
    expect(health.needsAttention.find((job) => job.id === jobId)).toMatchObject({
      queue: "send-email",
      state: "retry",
      failedAttempts: 3,
      error: expect.stringMatching(/does not exist/),
      email: { kind: "payment-confirmation" },
    });
    expect(health.needsAttentionCount).toBeGreaterThanOrEqual(1);
    expect(health.failedJobs.map((job) => job.id)).not.toContain(jobId);
    expect(attentionLines(jobId)).toEqual([
      expect.objectContaining({ level: "error", queue: "send-email", jobId, attempts: 3, error: expect.stringMatching(/does not exist/) }),
    ]);

    const answer = await jobHealthRoute(new Request("http://localhost/api/health/jobs"));
    expect(answer.status).toBe(200);
    const { needsAttention } = jobHealthSchema.parse(((await answer.json()) as { data: unknown }).data);
    expect(needsAttention.count).toBeGreaterThanOrEqual(1);
    const listed = needsAttention.jobs.find((job) => job.id === jobId);
    expect(listed).toEqual({ queue: "send-email", id: jobId, failedAttempts: 3, nextAttemptAt: expect.any(String) });

    // Its fourth attempt fails too: still listed, with one more attempt, and no second alert.
    await eventually(async () => expect(await jobOf(jobId)).toMatchObject({ state: "retry", retry_count: 3 }), 30_000);
    expect((await healthOverview()).needsAttention.find((job) => job.id === jobId)).toMatchObject({ failedAttempts: 4 });
    expect(attentionLines(jobId)).toHaveLength(1);
  }, 60_000);
});

onPostgres.describe("the jobs needing attention", () => {
  it("are read through the Health index, not the 20,000 jobs waiting in a busy queue", async () => {
    const queue = `attention-plan-${randomUUID().slice(0, 8)}`;
    await jobEngine().createQueue(queue);
    try {
      await sql`insert into pgboss.job (name, data) select ${queue}, jsonb_build_object('n', n) from generate_series(1, 20000) n`;
      await sql`insert into pgboss.job (name, data, state, retry_count, started_on) select ${queue}, '{}'::jsonb, 'retry', 2, now() from generate_series(1, 3)`;
      await sql`analyze pgboss.job`;
      const [partition] = await sql<{ name: string }[]>`select partition_name as name from pgboss.queue where name = ${queue}`;
      let rows: Awaited<ReturnType<typeof listJobsNeedingAttention>> = [];
      const plans = await plansOf(
        async () => (rows = await listJobsNeedingAttention(25)),
        (query) => query.includes("retry_count >= 2"),
      );
      expect(rows.filter((row) => row.queue === queue)).toHaveLength(3);
      expect(plans.statements).toBe(1);
      expect(plans.seqScans.filter((scan) => scan.relation === `pgboss.${partition!.name}`)).toEqual([]);
    } finally {
      await sql`delete from pgboss.job where name = ${queue}`;
      await jobEngine().deleteQueue(queue);
    }
  });
});
