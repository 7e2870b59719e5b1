import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresStandIn } from "../../local/postgres/postgres-server";

// The embedded Postgres serves several client processes at once (the app, the Auth stand-in,
// psql). Their exchanges must not interleave inside PGlite's single session.
let pg: PostgresStandIn;

beforeAll(async () => {
  pg = await startPostgres({ port: 0 });
});

afterAll(async () => {
  await pg.stop();
});

const connect = () => postgres(pg.url, { max: 1, prepare: false, onnotice: () => {} });

describe("the PGlite wire server", () => {
  it("keeps concurrent parameterised queries from several connections apart", async () => {
    const clients = [connect(), connect(), connect(), connect()];
    try {
      const results = await Promise.all(
        clients.flatMap((sql, c) =>
          Array.from({ length: 25 }, (_, i) => sql<{ n: number; c: number }[]>`select ${i}::int as n, ${c}::int as c`),
        ),
      );
      results.forEach((rows, index) => {
        expect(rows[0]).toEqual({ n: index % 25, c: Math.floor(index / 25) });
      });
    } finally {
      await Promise.all(clients.map((sql) => sql.end()));
    }
  });

  it("runs a transaction from one connection without letting another connection's queries into it", async () => {
    const a = connect();
    const b = connect();
    try {
      await a`create table if not exists wire_probe (v int)`;
      const inside = a.begin(async (tx) => {
        await tx`insert into wire_probe values (1)`;
        await new Promise((resolve) => setTimeout(resolve, 200));
        throw new Error("roll back");
      });
      // b's statements wait for a's transaction and then see none of its rows.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const seen = b<{ count: number }[]>`select count(*)::int as count from wire_probe`;
      await expect(inside).rejects.toThrow("roll back");
      expect((await seen)[0]?.count).toBe(0);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("rolls back and frees the session when a client disconnects mid-transaction", async () => {
    const a = connect();
    await a`create table if not exists wire_abandoned (v int)`;
    await a.unsafe("begin; insert into wire_abandoned values (1);");
    await a.end({ timeout: 0 });
    const b = connect();
    try {
      const [row] = await b<{ count: number }[]>`select count(*)::int as count from wire_abandoned`;
      expect(row?.count).toBe(0);
    } finally {
      await b.end();
    }
  });
});
