import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Sql } from "postgres";

const root = path.resolve(import.meta.dirname, "..");
export const MIGRATIONS_DIR = path.join(root, "supabase", "migrations");
export const SEED_FILE = path.join(root, "supabase", "seed.sql");
const BOOTSTRAP_FILE = path.join(root, "local", "postgres", "supabase-bootstrap.sql");

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export type MigrationResult = { bootstrapped: boolean; applied: string[]; skipped: number };

/**
 * Applies supabase/migrations/*.sql in order, each once and in its own transaction, recording them
 * where the Supabase CLI does (supabase_migrations.schema_migrations). A database without Supabase's
 * auth schema (a plain Postgres or PGlite) first gets the roles and auth schema Supabase provides.
 */
export async function migrate(sql: Sql, log: (line: string) => void = () => {}): Promise<MigrationResult> {
  const [{ has_auth } = { has_auth: false }] = await sql<{ has_auth: boolean }[]>`
    select exists (select 1 from pg_namespace where nspname = 'auth') as has_auth`;
  if (!has_auth) {
    await sql.unsafe(await readFile(BOOTSTRAP_FILE, "utf8"));
    log("bootstrapped Supabase roles and auth schema");
  }

  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const done = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version),
  );

  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file name must look like 20260101000000_name.sql: ${file}`);
    const [, version, name] = match as unknown as [string, string, string];
    if (done.has(version)) continue;
    const text = await readFile(path.join(MIGRATIONS_DIR, file), "utf8");
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into supabase_migrations.schema_migrations (version, name) values (${version}, ${name})`;
    });
    applied.push(file);
    log(`applied ${file}`);
  }
  return { bootstrapped: !has_auth, applied, skipped: files.length - applied.length };
}

/** Loads supabase/seed.sql (idempotent: it upserts the seeded rows). */
export async function seed(sql: Sql): Promise<void> {
  await sql.unsafe(await readFile(SEED_FILE, "utf8"));
}
