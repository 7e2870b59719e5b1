import "server-only";
import { appendFileSync } from "node:fs";

/** One line of DATABASE_STATEMENT_LOG: a statement as postgres.js sent it. */
export interface LoggedStatement {
  at: number;
  query: string;
  /** The parameters as JSON can hold them: a Date as its ISO string, a bigint as its digits. */
  parameters: unknown[];
  /** postgres.js's type oid per parameter (0: left to the server). */
  types: number[];
}

function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * postgres.js's `debug` hook writing each statement to `path` (appended synchronously, so a reader
 * sees a request's statements once its answer arrived). A diagnostic for benchmarks, never on in
 * production: it writes parameters (addresses, tokens' hashes) to the file.
 */
export function statementLogger(path: string) {
  return (_connection: number, query: string, parameters: unknown[], types: number[]): void => {
    const line: LoggedStatement = { at: Date.now(), query, parameters, types };
    try {
      appendFileSync(path, `${JSON.stringify(line, jsonValue)}\n`);
    } catch {
      // A diagnostic that cannot write must not fail the statement.
    }
  };
}
