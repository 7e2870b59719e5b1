// npm run db:migrate [-- --seed]: applies supabase/migrations to DATABASE_URL (loaded from .env files).
import nextEnv from "@next/env";
import postgres from "postgres";
import { migrate, seed } from "./migrate";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}

const sql = postgres(url, { max: 1, onnotice: () => {} });
try {
  const result = await migrate(sql, (line) => console.log(line));
  console.log(`${result.applied.length} migration(s) applied, ${result.skipped} already in place`);
  if (process.argv.includes("--seed")) {
    await seed(sql);
    console.log("seed loaded");
  }
} catch (error) {
  console.error("Migration failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await sql.end();
}
