import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres, { type Sql } from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PgliteWireServer } from "../../../local/postgres/pglite-wire-server";
import { MIGRATIONS_DIR, RENAMED_MIGRATIONS, migrate } from "../../../scripts/migrate";

// The migrator against databases nothing has touched (not this run's shared one): their own on
// TEST_DATABASE_URL's server, else a new in-memory PGlite.
type FreshDatabase = { sql: Sql; stop: () => Promise<void> };

async function freshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `gc_migrate_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    return {
      sql,
      stop: async () => {
        await sql.end();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const db = await PGlite.create();
  const server = new PgliteWireServer(db);
  const port = await server.listen(0);
  const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  return {
    sql,
    stop: async () => {
      await sql.end();
      await server.close();
      await db.close();
    },
  };
}

const NOW = new Date("2026-11-28T12:00:00Z");
const table = (name: string) => `create table ${name} (id int);\n`;

async function recorded(sql: Sql): Promise<string[]> {
  const rows = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`;
  return rows.map((row) => row.version);
}

async function exists(sql: Sql, name: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`select to_regclass(${name}) is not null as found`;
  return row?.found ?? false;
}

// One fresh database for the file (a PGlite takes seconds to start): the order tests run on
// migrations of their own and clear them after each; the last test applies the committed ones.
let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.stop();
});

describe("the migrator's order", () => {
  let dir: string;
  const write = (file: string, text: string) => writeFile(path.join(dir, file), text);

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await database.sql.unsafe("drop schema if exists probes cascade; drop schema if exists supabase_migrations cascade");
  });

  it("refuses a pending migration older than the newest one applied, and applies nothing", async () => {
    const { sql } = database;
    dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await write("20260101000000_first.sql", "create schema probes;\n" + table("probes.first"));
    await write("20260103000000_third.sql", table("probes.third"));
    const first = await migrate(sql, undefined, { migrationsDir: dir, now: NOW });
    expect(first.applied).toEqual(["20260101000000_first.sql", "20260103000000_third.sql"]);

    // Written later but named before the newest applied one (and another after it).
    await write("20260102000000_second.sql", table("probes.second"));
    await write("20260104000000_fourth.sql", table("probes.fourth"));
    await expect(migrate(sql, undefined, { migrationsDir: dir, now: NOW })).rejects.toThrow(
      /20260102000000_second\.sql .*older than 20260103000000, the newest migration this database has applied/,
    );
    expect(await exists(sql, "probes.second")).toBe(false);
    expect(await exists(sql, "probes.fourth")).toBe(false);
    expect(await recorded(sql)).toEqual(["20260101000000", "20260103000000"]);

    // Renamed after the newest one, it runs.
    await unlink(path.join(dir, "20260102000000_second.sql"));
    await write("20260103000100_second.sql", table("probes.second"));
    const again = await migrate(sql, undefined, { migrationsDir: dir, now: NOW });
    expect(again.applied).toEqual(["20260103000100_second.sql", "20260104000000_fourth.sql"]);
  });

  it("refuses a migration dated in the future beyond the clock's allowance, before touching the database", async () => {
    const { sql } = database;
    dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await write("20260101000000_first.sql", "create schema probes;\n" + table("probes.first"));
    await write("20261128133000_ahead.sql", table("probes.ahead"));
    await expect(migrate(sql, undefined, { migrationsDir: dir, now: NOW })).rejects.toThrow(
      /20261128133000_ahead\.sql is dated in the future/,
    );
    expect(await exists(sql, "probes.first")).toBe(false);
    expect(await exists(sql, "supabase_migrations.schema_migrations")).toBe(false);

    // Half an hour ahead is within the allowance for a clock that runs behind.
    await unlink(path.join(dir, "20261128133000_ahead.sql"));
    await write("20261128123000_ahead.sql", table("probes.ahead"));
    const result = await migrate(sql, undefined, { migrationsDir: dir, now: NOW });
    expect(result.applied).toEqual(["20260101000000_first.sql", "20261128123000_ahead.sql"]);
  });

  it("refuses a misnamed file and two files with one version", async () => {
    const { sql } = database;
    dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await write("20260101000000_first.sql", "create schema probes;\n" + table("probes.first"));
    await write("20260101000000_again.sql", table("probes.again"));
    await expect(migrate(sql, undefined, { migrationsDir: dir, now: NOW })).rejects.toThrow(/20260101000000 is the version of two files/);
    await unlink(path.join(dir, "20260101000000_again.sql"));
    await write("2026-01-02_second.sql", table("probes.second"));
    await expect(migrate(sql, undefined, { migrationsDir: dir, now: NOW })).rejects.toThrow(
      /must look like 20260101000000_name\.sql: 2026-01-02_second\.sql/,
    );
    expect(await exists(sql, "probes.first")).toBe(false);
  });
});

describe("a database that applied migrations under their old versions", () => {
  it("is migrated without applying anything again, its recorded versions renamed to the files'", async () => {
    const { sql } = database;
    const versions = readdirSync(MIGRATIONS_DIR)
      .sort()
      .map((file) => file.slice(0, 14));
    const first = await migrate(sql);
    expect(first.applied).toHaveLength(versions.length);

    // As a database migrated before the renames recorded them.
    const renames = Object.entries(RENAMED_MIGRATIONS);
    expect(renames.length).toBeGreaterThan(0);
    for (const [from, to] of renames) {
      await sql`update supabase_migrations.schema_migrations set version = ${from} where version = ${to}`;
    }
    const names = await sql<{ version: string; name: string }[]>`select version, name from supabase_migrations.schema_migrations`;
    expect(names.filter((row) => RENAMED_MIGRATIONS[row.version])).toHaveLength(renames.length);

    const lines: string[] = [];
    const result = await migrate(sql, (line) => lines.push(line));
    expect(result.applied).toEqual([]);
    expect(result.renamed).toEqual(renames.map(([from, to]) => `${from} → ${to}`));
    expect(await recorded(sql)).toEqual(versions);
    expect(lines).toContain(`recorded ${renames[0]![0]} as ${renames[0]![1]} (its file was renamed)`);
    // The names stay with their migrations.
    const after = await sql<{ version: string; name: string }[]>`select version, name from supabase_migrations.schema_migrations`;
    for (const row of names) {
      expect(after).toContainEqual({ version: RENAMED_MIGRATIONS[row.version] ?? row.version, name: row.name });
    }

    // And a second run finds nothing to do.
    const again = await migrate(sql);
    expect(again).toMatchObject({ applied: [], renamed: [], skipped: versions.length });
  });
});
