// npm run operator -- grant|revoke EMAIL: makes a member an operator, or a member again (D17). The
// only way to change who runs the challenge; each change is written to the operator audit log.
import { commandArguments, loadEnvFiles } from "./command-line";

const USAGE = "usage: npm run operator -- grant|revoke someone@example.com";

function parseArgs(argv: string[]): { grant: boolean; email: string } {
  const [command, email, ...rest] = argv;
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0)
    throw new Error("expected grant or revoke and one email address");
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`not an email address: ${email}`);
  return { grant: command === "grant", email };
}

const args = commandArguments(parseArgs, USAGE);
loadEnvFiles();
const { setOperatorRole } = await import("../server/operator/operator-role");
const { closeDb } = await import("../server/db/client");

const SAID = {
  granted: `${args.email} is now an operator.`,
  revoked: `${args.email} is no longer an operator.`,
  unchanged: `${args.email} ${args.grant ? "is already" : "is not"} an operator; nothing changed.`,
  no_account: `No account has the email ${args.email}: they sign up first, then are granted.`,
} as const;

try {
  const outcome = await setOperatorRole(args.email, args.grant);
  console.log(SAID[outcome]);
  if (outcome === "no_account") process.exitCode = 1;
} catch (error) {
  console.error("The operator command failed; nothing changed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
