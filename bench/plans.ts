import { existsSync, readFileSync, statSync } from "node:fs";
import type postgres from "postgres";
import { replayOf, type LoadResult } from "./load";
import { sleep } from "../tests/harness/processes";

// --scale: the worst statement of each route. An app started with DATABASE_STATEMENT_LOG writes every
// statement it sends; one more request like each load's is sent to it alone, and each statement that
// request sent is run again under EXPLAIN (ANALYZE, BUFFERS) in a transaction that is rolled back.

/** A line of the app's statement log (server/db/statement-log.ts). */
interface LoggedStatement {
  query: string;
  parameters: unknown[];
  types: number[];
}

export interface SeqScan {
  relation: string;
  /** Rows the scan read: those it returned and those its filter removed, over all its loops. */
  rowsRead: number;
}

export interface StatementPlan {
  query: string;
  /** Its execution time in the second of two runs (the first also warms the cache and plans it first). */
  executionMs: number;
  /** EXPLAIN (ANALYZE, BUFFERS) as text, of a third run. */
  plan: string;
}

export interface RoutePlan {
  /** Distinct statements the request sent (transaction control and settings left out). */
  statements: number;
  /** Statements that could not be explained again (a parameter the log cannot carry, a failed replay). */
  unexplained: number;
  worst: StatementPlan | null;
  /** Sequential scans in any of the request's plans, with the rows each read. */
  seqScans: SeqScan[];
}

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;

export function readStatements(path: string, fromByte: number): LoggedStatement[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path).subarray(fromByte).toString("utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedStatement);
}

export const logSize = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function seqScansOf(node: PlanNode, into: SeqScan[]): SeqScan[] {
  if (node["Node Type"] === "Seq Scan" && typeof node["Relation Name"] === "string") {
    const loops = Number(node["Actual Loops"] ?? 1);
    const rowsRead = (Number(node["Actual Rows"] ?? 0) + Number(node["Rows Removed by Filter"] ?? 0)) * loops;
    into.push({ relation: `${String(node.Schema ?? "public")}.${node["Relation Name"]}`, rowsRead });
  }
  for (const child of node.Plans ?? []) seqScansOf(child, into);
  return into;
}

class RolledBack extends Error {}

/** Runs `explain (options) statement` with the logged parameters in a transaction that is rolled back. */
async function explain<T>(
  sql: postgres.Sql,
  options: string,
  statement: LoggedStatement,
  read: (rows: postgres.Row[]) => T,
): Promise<T | null> {
  let out: T | null = null;
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe("set local statement_timeout = '20s'");
      const parameters = statement.parameters.map((value, i) => {
        const type = statement.types[i] ?? 0;
        return type !== 0 && value !== null ? tx.typed(value as never, type) : value;
      });
      out = read(await tx.unsafe(`explain (${options}) ${statement.query}`, parameters as never[]));
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) return null;
  }
  return out;
}

/** The plans of one request's statements: the slowest one's in full, and every sequential scan. */
export async function planStatements(sql: postgres.Sql, logged: LoggedStatement[]): Promise<RoutePlan> {
  const distinct = new Map<string, LoggedStatement>();
  for (const statement of logged)
    if (EXPLAINABLE.test(statement.query) && !distinct.has(statement.query)) distinct.set(statement.query, statement);
  let unexplained = 0;
  let worst: { statement: LoggedStatement; ms: number } | null = null;
  const seqScans: SeqScan[] = [];
  for (const statement of distinct.values()) {
    // The second of two runs: the first also pays for a cold cache and the statement's first planning.
    const json = (rows: postgres.Row[]) => (rows[0]?.["QUERY PLAN"] as [{ Plan: PlanNode; "Execution Time": number }])[0];
    const plan =
      (await explain(sql, "analyze, buffers, format json", statement, json)) &&
      (await explain(sql, "analyze, buffers, format json", statement, json));
    if (!plan) {
      unexplained += 1;
      continue;
    }
    seqScansOf(plan.Plan, seqScans);
    if (!worst || plan["Execution Time"] > worst.ms) worst = { statement, ms: plan["Execution Time"] };
  }
  const text = worst
    ? await explain(sql, "analyze, buffers", worst.statement, (rows) => rows.map((r) => String(r["QUERY PLAN"])).join("\n"))
    : null;
  return {
    statements: distinct.size,
    unexplained,
    worst: worst
      ? {
          query: worst.statement.query,
          executionMs: Math.round(worst.ms * 1000) / 1000,
          plan: text ?? "(could not be explained a second time)",
        }
      : null,
    seqScans,
  };
}

/** Each load's request once more, to an app writing its statements to `logPath`, with the plans of what it sent. */
export async function captureRoutePlans(
  baseUrl: string,
  logPath: string,
  sql: postgres.Sql,
  loads: Record<string, LoadResult>,
): Promise<Record<string, RoutePlan>> {
  const plans: Record<string, RoutePlan> = {};
  for (const [route, result] of Object.entries(loads)) {
    const replay = replayOf(result);
    if (!replay) continue;
    const from = logSize(logPath);
    try {
      const { path, ...init } = replay.nextRequest();
      const url = new URL(path ?? replay.url, replay.url);
      const target = new URL(`${url.pathname}${url.search}`, baseUrl);
      const response = await fetch(target, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
    } catch (err) {
      console.log(`[bench]   ${route}: the request failed (${err instanceof Error ? err.message : String(err)})`);
      continue;
    }
    // Work the answer does not wait for (a beacon's insert) lands a moment later.
    await sleep(150);
    plans[route] = await planStatements(sql, readStatements(logPath, from));
  }
  return plans;
}
