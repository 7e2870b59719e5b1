import { expect, it } from "vitest";
import { DATABASE_APPLICATION_NAME, db } from "@/server/db/client";
import { suiteSql } from "../../fixtures/db";
import { postgresOnly } from "../../fixtures/postgres-only";

const sql = suiteSql();

async function appBackendsBusy(): Promise<number> {
  const [row] = await sql<{ busy: number }[]>`
    select count(*)::int as busy from pg_stat_activity
    where datname = current_database() and application_name = ${DATABASE_APPLICATION_NAME} and state <> 'idle'`;
  return row?.busy ?? 0;
}

// Terminating backends needs a real server: the embedded database has no other backends to end.
const onPostgres = postgresOnly("ends the app's backends with pg_terminate_backend; PGlite has no backends to end");
onPostgres.describe("when the database ends the app's connections (pg_terminate_backend, a failover)", () => {
  it("answers the next 30 concurrent queries, and nothing is thrown outside a query", { timeout: 60_000 }, async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      await Promise.all(Array.from({ length: 30 }, (_, i) => db()`select ${i}::int as i`));
      // Three times the pool in transactions, as requests would be when the database goes away.
      const inFlight = Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          db().begin(async (tx) => {
            await tx`select pg_sleep(0.2)`;
            await tx`select ${i}::int as i`;
            await tx`select pg_sleep(0.2)`;
          }),
        ),
      );
      while ((await appBackendsBusy()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const [terminated] = await sql<{ count: number }[]>`
        select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
        where datname = current_database() and application_name = ${DATABASE_APPLICATION_NAME}`;
      expect(terminated?.count).toBeGreaterThan(0);
      // Every transaction settles (committed, or failed with the connection): none is left waiting.
      expect(await inFlight).toHaveLength(30);

      const after = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => db()<{ i: number }[]>`select ${i}::int as i`));
      expect(after.filter((result) => result.status === "rejected")).toEqual([]);
      expect(after.map((result) => (result.status === "fulfilled" ? result.value[0]?.i : null))).toEqual(
        Array.from({ length: 30 }, (_, i) => i),
      );
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });
});
