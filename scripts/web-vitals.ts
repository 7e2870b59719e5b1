// npm run vitals -- [--days 7]: real visitors' LCP, INP and CLS per page (p75), from POST /api/vitals.
import { commandArguments, loadEnvFiles } from "./command-line";

const USAGE = "usage: npm run vitals -- [--days <1-30>]";

function parseDays(argv: string[]): number {
  if (argv.length === 0) return 7;
  const value = argv[0] === "--days" ? argv[1] : argv[0]?.startsWith("--days=") ? argv[0].slice("--days=".length) : undefined;
  const days = Number(value);
  if (argv.length > (argv[0] === "--days" ? 2 : 1) || !Number.isInteger(days) || days < 1 || days > 30)
    throw new Error(`not a number of days from 1 to 30: ${argv.join(" ")}`);
  return days;
}

const days = commandArguments(parseDays, USAGE);
loadEnvFiles();
const { formatVitalsReport, webVitalsSince } = await import("../server/vitals/vitals-report");
const { closeDb } = await import("../server/db/client");

try {
  process.stdout.write(formatVitalsReport(await webVitalsSince(days), days));
} catch (error) {
  console.error("Could not read the Web Vitals:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
