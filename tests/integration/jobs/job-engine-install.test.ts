import PgBoss from "pg-boss";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensureQueue } from "@/server/jobs/job-engine";
import { suiteSql } from "../../fixtures/db";
import { racesOnlyOnPostgres } from "../../fixtures/postgres-only";

const sql = suiteSql();
const schema = `pgboss_install_${Date.now()}`;
const names = Array.from({ length: 8 }, (_, i) => `install-race-${i}`);

afterAll(async () => {
  await sql.unsafe(`drop schema if exists ${schema} cascade`);
});

racesOnlyOnPostgres("two instances creating the job queues at once");

describe("installing the job engine", () => {
  // A web instance and a worker deployed together start at once on a fresh database: both create
  // the same queues at the same moment, which made one of them fail to start (a deadlock in
  // pg-boss's create_queue, or the other instance's queue appearing between check and create).
  it("lets two instances create the same queues at once on a fresh database", async () => {
    const engines = [0, 1].map(() => new PgBoss({ connectionString: inject("databaseUrl"), schema, supervise: false, schedule: false }));
    await Promise.all(engines.map((boss) => boss.start()));
    try {
      // Each instance creates its queues one after another, as install() does; the two run at once.
      await Promise.all(
        engines.map(async (boss) => {
          for (const name of names) await ensureQueue(boss, { name, policy: "standard", retryLimit: 1 });
        }),
      );
      const queues = await sql.unsafe<{ name: string }[]>(`select name from ${schema}.queue order by name`);
      expect(queues.map((queue) => queue.name)).toEqual([...names].sort());
    } finally {
      await Promise.all(engines.map((boss) => boss.stop({ graceful: false, wait: true })));
    }
  });
});
