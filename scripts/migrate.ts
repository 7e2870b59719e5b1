import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Sql } from "postgres";

// The app's folder: this file's parent, whether it runs from scripts/ (tsx) or compiled into .next/
// (`node .next/migrate.mjs` on a production host, which has supabase/ but no local/ or tests/).
const root = path.resolve(import.meta.dirname, "..");
export const MIGRATIONS_DIR = path.join(root, "supabase", "migrations");
export const SEED_FILE = path.join(root, "supabase", "seed.sql");
/** What hosted Supabase already has (roles, the auth schema), for a plain Postgres or PGlite. */
export const BOOTSTRAP_FILE = path.join(root, "supabase", "bootstrap.sql");

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

/**
 * Migrations whose files were renamed after databases had applied them: old version → new. They
 * were dated 28–29 November 2026 though written on the 26th and 27th, so a migration written on the
 * 28th would have sorted before them. A database that recorded an old version has its record
 * renamed; the migration is not applied again.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  "20261128100000": "20261127800000", // operator_area
  "20261129100000": "20261127800100", // orders_and_money
  "20261129200000": "20261127800200", // operator_affiliates
  "20261129300000": "20261127800300", // campaign_moderation
  "20261129400000": "20261127800400", // operator_health
  "20261129500000": "20261127800500", // cohort_waitlist
  "20261129600000": "20261127800600", // referral_funnel_days
  "20261129700000": "20261127800700", // referral_ceiling_indexes
  "20261129800000": "20261127800800", // cohort_seats_by_cohort
  "20261129900000": "20261127800900", // operator_cohort_list
};

/** How far ahead of this machine's clock a migration may be dated (another machine's clock may run ahead). */
export const MIGRATION_CLOCK_SKEW_MS = 60 * 60 * 1000;

export type MigrationResult = {
  bootstrapped: boolean;
  applied: string[];
  /** Recorded versions moved to their file's new version, as "old → new". */
  renamed: string[];
  skipped: number;
};

export type MigrateOptions = {
  /** The folder of migration files (supabase/migrations). */
  migrationsDir?: string;
  /** Old version → new, for files renamed after databases applied them. */
  renamed?: Readonly<Record<string, string>>;
  /** The time now, which no migration may be dated after (beyond MIGRATION_CLOCK_SKEW_MS). */
  now?: Date;
};

type MigrationFile = { file: string; version: string; name: string };

/** A time as a migration's version: YYYYMMDDHHMMSS in UTC, as `supabase migration new` names files. */
export function migrationVersionAt(time: Date): string {
  return time.toISOString().replace(/\D/g, "").slice(0, 14);
}

/**
 * The .sql files of a folder in the order they apply. Refuses a malformed name, two files with one
 * version and a file dated in the future: it would sort after every migration written until that
 * date, so those would be applied out of order (or refused) wherever it had run.
 */
async function migrationFiles(dir: string, now: Date): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const latest = migrationVersionAt(new Date(now.getTime() + MIGRATION_CLOCK_SKEW_MS));
  return files.map((file, i) => {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file name must look like 20260101000000_name.sql: ${file}`);
    const [, version, name] = match as unknown as [string, string, string];
    if (files[i + 1]?.startsWith(`${version}_`)) throw new Error(`${version} is the version of two files: ${file} and ${files[i + 1]}`);
    if (version > latest) {
      throw new Error(
        `Migration ${file} is dated in the future (it is ${migrationVersionAt(now)} UTC now): name it with the time it was written, in UTC.`,
      );
    }
    return { file, version, name };
  });
}

/**
 * Applies supabase/migrations/*.sql in order, each once and in its own transaction, recording them
 * where the Supabase CLI does (supabase_migrations.schema_migrations). A database without Supabase's
 * auth schema (a plain Postgres or PGlite) first gets the roles and auth schema Supabase provides.
 * Applies nothing if a pending migration is older than the newest one applied (it would run out of
 * order) or any file is dated in the future.
 */
export async function migrate(sql: Sql, log: (line: string) => void = () => {}, options: MigrateOptions = {}): Promise<MigrationResult> {
  const dir = options.migrationsDir ?? MIGRATIONS_DIR;
  const renames = options.renamed ?? RENAMED_MIGRATIONS;
  const now = options.now ?? new Date();
  const files = await migrationFiles(dir, now);

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
  const renamed = await renameRecordedVersions(sql, renames, log);
  const done = new Set((await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version));

  const newest = [...done].sort().at(-1);
  const pending = files.filter((f) => !done.has(f.version));
  const late = pending.filter((f) => newest !== undefined && f.version < newest);
  if (late.length > 0) {
    throw new Error(
      `Refusing to migrate: ${late.map((f) => f.file).join(", ")} ${late.length === 1 ? "is" : "are"} older than ${newest}, ` +
        `the newest migration this database has applied, so ${late.length === 1 ? "it" : "they"} would run out of order. ` +
        `Rename ${late.length === 1 ? "it" : "them"} with the time it is now in UTC (${migrationVersionAt(now)}), after every applied migration.`,
    );
  }

  const applied: string[] = [];
  for (const { file, version, name } of pending) {
    const text = await readFile(path.join(dir, file), "utf8");
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into supabase_migrations.schema_migrations (version, name) values (${version}, ${name})`;
    });
    applied.push(file);
    log(`applied ${file}`);
  }
  return { bootstrapped: !has_auth, applied, renamed, skipped: files.length - applied.length };
}

/**
 * Moves the records of renamed migrations to their new versions, all in one transaction, so the
 * history matches the files (the Supabase CLI reads the same table) and none is applied again.
 */
async function renameRecordedVersions(sql: Sql, renames: Readonly<Record<string, string>>, log: (line: string) => void): Promise<string[]> {
  const olds = Object.keys(renames);
  if (olds.length === 0) return [];
  return sql.begin(async (tx) => {
    const rows = await tx<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations where version in ${tx(olds)} order by version for update`;
    const moved: string[] = [];
    for (const { version: from } of rows) {
      const to = renames[from]!;
      // Recorded under both (by hand): the new record stands.
      const [both] = await tx`select 1 from supabase_migrations.schema_migrations where version = ${to}`;
      if (both) await tx`delete from supabase_migrations.schema_migrations where version = ${from}`;
      else await tx`update supabase_migrations.schema_migrations set version = ${to} where version = ${from}`;
      moved.push(`${from} → ${to}`);
      log(`recorded ${from} as ${to} (its file was renamed)`);
    }
    return moved;
  });
}

/** Loads supabase/seed.sql (idempotent: it upserts the seeded rows). */
export async function seed(sql: Sql): Promise<void> {
  await sql.unsafe(await readFile(SEED_FILE, "utf8"));
}
