import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { migrate, seed } from "../../scripts/migrate";
import { PgliteWireServer } from "./pglite-wire-server";

export type PostgresStandIn = { url: string; port: number; stop: () => Promise<void> };

/**
 * PGlite served over the Postgres wire protocol. With a data directory the data survives restarts;
 * without one it lives in memory (tests). Migrations, and optionally the seed, run on start.
 */
export async function startPostgres(options: {
  port: number;
  dataDir?: string;
  seed?: boolean;
  log?: (line: string) => void;
}): Promise<PostgresStandIn> {
  const log = options.log ?? (() => {});
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "postgres");
    await mkdir(dataDir, { recursive: true });
  }
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const server = new PgliteWireServer(db);
  const actualPort = await server.listen(options.port);
  const url = `postgres://postgres:postgres@127.0.0.1:${actualPort}/postgres`;

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const result = await migrate(sql, (line) => log(`postgres: ${line}`));
    if (options.seed) await seed(sql);
    log(`postgres: ${result.applied.length} migration(s) applied, ${result.skipped} in place${options.seed ? ", seed loaded" : ""}`);
  } finally {
    await sql.end();
  }

  return {
    url,
    port: actualPort,
    stop: async () => {
      await server.close();
      await db.close();
    },
  };
}
