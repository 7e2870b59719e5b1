import postgres, { type Sql } from "postgres";
import { afterAll, expect, inject, it } from "vitest";
import { databasePoolOptions } from "@/server/db/client";
import { suiteSql } from "../../fixtures/db";
import { postgresOnly } from "../../fixtures/postgres-only";
import { startTcpProxy } from "../../fixtures/tcp-proxy";

const sql = suiteSql();

// The app's pool settings, under a name of its own so the test can see its connections apart from the
// job workers' (which use the app's pool in this process).
const APPLICATION_NAME = "connection-cut-test";

// A fresh connection answers within a few hundred milliseconds: the time a request or a job may
// wait, after the network comes back, for its answer or its error.
const SETTLE_BOUND_MS = 5_000;

type Outcome = { label: string; state: "pending" | "fulfilled" | "rejected"; value?: number; code?: string };

function track(label: string, work: Promise<number>): Outcome {
  const outcome: Outcome = { label, state: "pending" };
  work.then(
    (value) => Object.assign(outcome, { state: "fulfilled", value }),
    (error: unknown) => Object.assign(outcome, { state: "rejected", code: errorCode(error) }),
  );
  return outcome;
}

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : String(error);
}

/** As requests arrive: 12 queries and 12 transactions of three statements, all sent at once. */
function requests(pool: Sql, wave: string): { label: string; expected: number; outcome: Outcome }[] {
  return Array.from({ length: 12 }, (_, i) => [
    {
      label: `${wave} query ${i}`,
      expected: i,
      outcome: track(
        `${wave} query ${i}`,
        pool<{ i: number }[]>`select pg_sleep(0.1), ${i}::int as i`.then(([row]) => row!.i),
      ),
    },
    {
      label: `${wave} transaction ${i}`,
      expected: 100 + i,
      outcome: track(
        `${wave} transaction ${i}`,
        pool.begin(async (tx) => {
          await tx`select pg_sleep(0.05)`;
          const [row] = await tx<{ i: number }[]>`select ${100 + i}::int as i`;
          await tx`select pg_sleep(0.05)`;
          return row!.i;
        }),
      ),
    },
  ]).flat();
}

async function connectionsBusy(): Promise<number> {
  const [row] = await sql<{ busy: number }[]>`
    select count(*)::int as busy from pg_stat_activity
    where application_name = ${APPLICATION_NAME} and state <> 'idle'`;
  return row?.busy ?? 0;
}

async function settledWithin(outcomes: Outcome[], ms: number): Promise<Outcome[]> {
  const deadline = Date.now() + ms;
  while (outcomes.some((outcome) => outcome.state === "pending") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return outcomes.filter((outcome) => outcome.state === "pending");
}

// The proxy stands between the app and a real server; the embedded database serves one connection,
// so there is no pool to cut.
const onPostgres = postgresOnly(
  "cuts the network between the app's pool and the database; PGlite serves one connection, so there is no pool to cut",
);
onPostgres.describe("when the network between the app and the database is cut (a failover, a load balancer)", () => {
  const target = new URL(inject("databaseUrl"));
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of cleanup.reverse()) await close();
  });

  async function appPoolBehindProxy() {
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanup.push(() => proxy.close());
    const options = databasePoolOptions();
    const pool = postgres(proxy.url(target.toString()), { ...options, connection: { application_name: APPLICATION_NAME } });
    cleanup.push(() => pool.end({ timeout: 1 }));
    return { proxy, pool, options };
  }

  it("settles every query and transaction in flight, and the next 30 concurrent queries are answered", { timeout: 60_000 }, async () => {
    const { proxy, pool, options } = await appPoolBehindProxy();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      await Promise.all(Array.from({ length: options.max }, (_, i) => pool`select ${i}::int as i`));

      const inFlight = requests(pool, "before the cut");
      while ((await connectionsBusy()) < options.max / 2) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(proxy.cut()).toBe(options.max);
      const arriving = requests(pool, "after the cut");
      const all = [...inFlight, ...arriving];

      // Each one answered or failed: none is left waiting (a job handler awaiting it would never finish).
      const pending = await settledWithin(
        all.map(({ outcome }) => outcome),
        SETTLE_BOUND_MS,
      );
      expect(pending.map(({ label }) => label)).toEqual([]);
      // A failure is the lost connection's, and an answer is the query's own.
      const failures = all.filter(({ outcome }) => outcome.state === "rejected");
      expect(failures.length).toBeGreaterThan(0);
      const connectionLost = expect.stringMatching(/^(ECONNRESET|EPIPE|CONNECTION_CLOSED)$/);
      for (const { label, outcome } of failures) expect([label, outcome.code]).toEqual([label, connectionLost]);
      for (const { label, expected, outcome } of all.filter(({ outcome }) => outcome.state === "fulfilled")) {
        expect([label, outcome.value]).toEqual([label, expected]);
      }

      const after = Array.from({ length: 30 }, (_, i) =>
        track(
          `after query ${i}`,
          pool<{ i: number }[]>`select ${i}::int as i`.then(([row]) => row!.i),
        ),
      );
      expect((await settledWithin(after, SETTLE_BOUND_MS)).map(({ label }) => label)).toEqual([]);
      expect(after.map(({ state, value }) => (state === "fulfilled" ? value : state))).toEqual(Array.from({ length: 30 }, (_, i) => i));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });

  it("fails a transaction's queries still waiting for its connection, as well as the one running", async () => {
    const { proxy, pool } = await appPoolBehindProxy();
    let queries: Outcome[] = [];
    const transaction = track(
      "transaction",
      pool.begin(async (tx) => {
        // Sent together, as Promise.all in a transaction does: the later ones wait their turn in it.
        const sent = [tx`select pg_sleep(1), ${1}::int`, tx`select ${2}::int as i`, tx`select ${3}::int as i`];
        queries = sent.map((query, i) =>
          track(
            `query ${i + 1}`,
            query.then(() => i + 1),
          ),
        );
        await Promise.all(sent);
        return 0;
      }),
    );
    while (queries.length === 0 || (await connectionsBusy()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(proxy.cut()).toBeGreaterThan(0);

    expect(await settledWithin([transaction, ...queries], SETTLE_BOUND_MS)).toEqual([]);
    expect([transaction, ...queries].map(({ label, state }) => [label, state])).toEqual([
      ["transaction", "rejected"],
      ["query 1", "rejected"],
      ["query 2", "rejected"],
      ["query 3", "rejected"],
    ]);
  });
});
