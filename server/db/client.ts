import "server-only";
import postgres, { type Sql, type TransactionSql } from "postgres";
import { databasePoolSize, databasePreparedStatements, serverEnv, type ServerEnv } from "../env";
import { statementLogger } from "./statement-log";

/** Where a query runs: the pool, or the transaction it belongs to. */
export type Executor = Sql | TransactionSql;

/** How the app's pool names its connections to the database (pg_stat_activity.application_name). */
export const DATABASE_APPLICATION_NAME = "glucose-challenge";

/** The schema the job engine (pg-boss) keeps its tables in, on the product's own database (D16). */
export const JOB_SCHEMA = "pgboss";

const globalForDb = globalThis as typeof globalThis & { __db?: Sql };

/** The app pool's settings, for a client that must behave as the pool does (the fault tests). */
export function databasePoolOptions(env: ServerEnv = serverEnv()) {
  return {
    max: databasePoolSize(env),
    // Transaction-mode poolers (Supabase's included) do not keep prepared statements, so they are
    // used only where they are known to work (DATABASE_PREPARE; the embedded database by default).
    prepare: databasePreparedStatements(env),
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: DATABASE_APPLICATION_NAME },
    ...(env.DATABASE_STATEMENT_LOG ? { debug: statementLogger(env.DATABASE_STATEMENT_LOG) } : {}),
  };
}

function connect(): Sql {
  const env = serverEnv();
  return postgres(env.DATABASE_URL, databasePoolOptions(env));
}

/** The process-wide connection pool (kept across hot reloads in development). */
export function db(): Sql {
  globalForDb.__db ??= connect();
  return globalForDb.__db;
}

/** Closes the pool; the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const current = globalForDb.__db;
  globalForDb.__db = undefined;
  await current?.end({ timeout: 5 });
}
