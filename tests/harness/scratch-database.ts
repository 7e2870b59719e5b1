import { spawnSync } from "node:child_process";
import postgres from "postgres";
import { migrate, seed } from "../../scripts/migrate";
import { onCleanup } from "./processes";

// `--postgres[=URL]`: the run on a real PostgreSQL server. A fresh database per run, migrated and
// seeded like the embedded one, dropped at the end, on error and on Ctrl-C.

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  url: string;
  /** "PostgreSQL 15.20" */
  label: string;
  drop: () => Promise<void>;
}

/** A fresh database on the server, dropped at cleanup; migrated and seeded unless `empty` (something else makes its schema). */
export async function createScratchDatabase(serverUrl: string, { empty = false, prefix = "bench" } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  let label: string;
  try {
    const [row] = await admin<{ server_version: string }[]>`show server_version`;
    label = `PostgreSQL ${row?.server_version.split(" ")[0] ?? "?"}`;
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dropSql = `drop database if exists ${name} with (force)`;
  const drop = async (): Promise<void> => {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(dropSql);
      console.log(`[bench] dropped database ${name}`);
    } finally {
      await sql.end();
    }
  };
  // Registered before the stack and the app, so cleanup (newest first) drops it once they are gone.
  const unregister = onCleanup({
    name: `database ${name}`,
    stop: drop,
    stopNow: () => void spawnSync("psql", [serverUrl, "-q", "-c", dropSql], { stdio: "ignore" }),
  });
  const database: ScratchDatabase = {
    url: url.toString(),
    label,
    drop: async () => {
      unregister();
      await drop();
    },
  };
  if (empty) return database;
  console.log(`[bench] created database ${name} on ${label}; migrating and seeding…`);
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const result = await migrate(sql);
    await seed(sql);
    console.log(`[bench] ${result.applied.length} migrations applied, seeded`);
  } catch (err) {
    unregister();
    await sql.end();
    await drop();
    throw err;
  }
  await sql.end();
  return database;
}
