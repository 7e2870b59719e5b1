// npm run db:migrate [-- --seed]: applies supabase/migrations to DATABASE_URL (`--seed` also loads
// supabase/seed.sql). Compiled by `npm run build` into .next/migrate.mjs for a production host, which
// has no tsx: `npm run db:migrate:production` (in the image, `node .next/migrate.mjs`). It finds
// supabase/ beside the folder it runs from (scripts/ or .next/).
import postgres from "postgres";
import { commandArguments, loadEnvFiles } from "./command-line";
import { migrate, seed } from "./migrate";

const USAGE = "usage: npm run db:migrate [-- --seed]";

const args = commandArguments((argv) => {
  const unknown = argv.filter((arg) => arg !== "--seed");
  if (unknown.length > 0) throw new Error(`unknown argument: ${unknown.join(" ")}`);
  return { seed: argv.includes("--seed") };
}, USAGE);

// A production run reads the environment alone: the .env files of a checkout hold the embedded
// stack's values, and a production image has none.
const production = process.env.NODE_ENV === "production" || process.env.APP_ENV === "production";
if (!production) loadEnvFiles();

const url = process.env.DATABASE_URL?.trim();
if (!url) {
  console.error(
    production
      ? "DATABASE_URL is not set: give the database's direct connection (postgres://…) in the environment; a production run reads no .env file."
      : "DATABASE_URL is not set (in the environment or a .env file).",
  );
  process.exit(1);
}

const sql = postgres(url, { max: 1, onnotice: () => {} });
try {
  const result = await migrate(sql, (line) => console.log(line));
  console.log(`${result.applied.length} migration(s) applied, ${result.skipped} already in place`);
  if (args.seed) {
    await seed(sql);
    console.log("seed loaded");
  }
} catch (error) {
  console.error("Migration failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await sql.end();
}
