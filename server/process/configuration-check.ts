import "server-only";
import { serverEnv } from "../env";

/** The error's text as a list: "what: first; second" becomes a heading and a line per problem. */
export function describeConfigurationError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const colon = text.indexOf(": ");
  if (colon < 0) return text;
  const problems = text.slice(colon + 2).split("; ");
  return [text.slice(0, colon), ...problems.map((problem) => `  - ${problem}`)].join("\n");
}

/**
 * Fails closed (D20): a server process whose configuration is not valid (APP_ENV=production with
 * local or missing values, say) prints what is wrong and exits 1, instead of listening and failing
 * every request. It writes to the console itself: the logger reads the configuration too.
 */
export function requireValidConfiguration(exit: (code: number) => never = process.exit): void {
  try {
    serverEnv();
  } catch (error) {
    console.error(`Not starting: the configuration is not valid.\n${describeConfigurationError(error)}`);
    exit(1);
  }
}
