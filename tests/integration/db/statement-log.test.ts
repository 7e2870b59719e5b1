import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { logSize, planStatements, readStatements } from "../../../bench/plans";
import { statementLogger } from "@/server/db/statement-log";
import { testSql } from "../../fixtures/db";
import { postgresOnly } from "../../fixtures/postgres-only";

// DATABASE_STATEMENT_LOG and the bench's plans of a request's statements (npm run bench -- --scale).
// The log is the app's on any database; the plans are read as the --scale run reads them, on a
// PostgreSQL server.
const onPostgres = postgresOnly("reads the plans and timings of EXPLAIN ANALYZE as the bench's --scale run does on a PostgreSQL server");

const dir = mkdtempSync(path.join(os.tmpdir(), "statement-log-"));
const logPath = path.join(dir, "statements.jsonl");
const sql = testSql();
const logged = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {}, debug: statementLogger(logPath) });

beforeAll(async () => {
  await sql`create table if not exists statement_log_probe (id bigint primary key, label text not null, at timestamptz not null, tags jsonb not null default '{}')`;
  await sql`truncate statement_log_probe`;
  await sql`insert into statement_log_probe (id, label, at) select i, 'row ' || i, now() - i * interval '1 minute' from generate_series(1, 5000) i`;
  await sql`analyze statement_log_probe`;
  // The client's first statement reads the server's array types: before the log is looked at.
  await logged`select 1`;
});

afterAll(async () => {
  await sql`drop table if exists statement_log_probe`;
  await logged.end();
  await sql.end();
  rmSync(dir, { recursive: true, force: true });
});

describe("the statement log", () => {
  it("writes each statement with parameters JSON can carry: dates, typed numbers, arrays, JSON", async () => {
    const from = logSize(logPath);
    await logged`select id from statement_log_probe where id = ${logged.typed("5", 20)} and at < ${new Date("2030-01-01T00:00:00Z")}`;
    await logged`select id from statement_log_probe where id = any(${[1, 2, 3]}::bigint[])`;
    await logged`select ${logged.json({ a: 1 })}::jsonb as doc`;
    const lines = readStatements(logPath, from);
    expect(lines.map((l) => l.query)).toEqual([
      "select id from statement_log_probe where id = $1 and at < $2",
      "select id from statement_log_probe where id = any($1::bigint[])",
      "select $1::jsonb as doc",
    ]);
    expect(lines[0]?.parameters).toEqual(["5", "2030-01-01T00:00:00.000Z"]);
    expect(lines[0]?.types).toEqual([20, 1184]);
  });
});

describe("a request's plans", () => {
  onPostgres.it("names the slowest statement, reads plans again with the logged parameters and finds sequential scans", async () => {
    const from = logSize(logPath);
    await logged`select id from statement_log_probe where id = ${logged.typed("42", 20)}`;
    await logged`select count(*) from statement_log_probe where label like ${"row 4%"} and at < ${new Date()}`;
    await logged
      .begin(async (tx) => {
        await tx`insert into statement_log_probe (id, label, at, tags) values (${tx.typed("9999999", 20)}, ${"new"}, ${new Date()}, ${tx.json({ k: "v" })})`;
        throw new Error("roll back");
      })
      .catch(() => {});
    const plans = await planStatements(sql, readStatements(logPath, from));
    expect(plans.statements).toBe(3);
    expect(plans.unexplained).toBe(0);
    expect(plans.worst?.query).toContain("count(*)");
    expect(plans.worst?.plan).toMatch(/Seq Scan on statement_log_probe/);
    expect(plans.worst?.plan).toMatch(/Buffers:/);
    expect(plans.seqScans).toEqual([{ relation: "public.statement_log_probe", rowsRead: 5000 }]);
    // The insert ran under EXPLAIN ANALYZE in a transaction that was rolled back.
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from statement_log_probe where id = 9999999`;
    expect(row?.n).toBe(0);
  });

  it("counts a statement it cannot run again as unexplained, and leaves out transaction control", async () => {
    const plans = await planStatements(sql, [
      { query: "begin", parameters: [], types: [] },
      { query: "select id from no_such_table where id = $1", parameters: ["1"], types: [0] },
    ]);
    expect(plans).toEqual({ statements: 1, unexplained: 1, worst: null, seqScans: [] });
  });
});
