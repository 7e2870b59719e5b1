// npm run payouts -- --export payouts.csv [--mark-paid]: the operator's commission payout run (D14).
// Writes every affiliate's due commission (net of reversals) as CSV; with --mark-paid the same
// entries are recorded as paid. Without --mark-paid nothing changes, so a run can be previewed.
// Affiliates whose payouts an operator has held are left out until the hold is released.
import { writeFile } from "node:fs/promises";
import { commandArguments, loadEnvFiles } from "./command-line";

const USAGE = "usage: npm run payouts -- --export <file.csv | -> [--mark-paid]";

function parseArgs(argv: string[]): { file: string; markPaid: boolean } {
  let file: string | undefined;
  let markPaid = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--mark-paid") markPaid = true;
    else if (arg === "--export" && argv[i + 1]) file = argv[(i += 1)];
    else if (arg?.startsWith("--export=")) file = arg.slice("--export=".length);
    else throw new Error(`unknown argument: ${arg}`);
  }
  if (!file) throw new Error("--export is required");
  return { file, markPaid };
}

const args = commandArguments(parseArgs, USAGE);
loadEnvFiles();
const { exportDuePayouts } = await import("../server/referrals/payouts");
const { closeDb } = await import("../server/db/client");
const { countHeldAffiliates } = await import("../server/db/referrals/referrals-payouts");

try {
  const write = (csv: string) =>
    args.file === "-" ? Promise.resolve(void process.stdout.write(csv)) : writeFile(args.file, csv, { flag: "wx" });
  const payouts = await exportDuePayouts({ markPaid: args.markPaid, write });
  const total = payouts.reduce((sum, p) => sum + p.amountCents, 0) / 100;
  const held = await countHeldAffiliates();
  console.error(
    `${payouts.length} affiliate(s), ${total.toFixed(2)} in all${args.markPaid ? ", marked paid" : " (not marked paid: add --mark-paid)"}` +
      (held > 0 ? `; ${held} affiliate(s) on hold left out (see /operator/affiliates)` : ""),
  );
} catch (error) {
  console.error("Payout run failed; nothing was marked paid:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
