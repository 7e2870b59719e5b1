// What the npm commands that run server code share: their arguments, and the environment they load.
import nextEnv from "@next/env";

/** The command's arguments as `parse` reads them; a wrong one ends the command with its usage (exit 2). */
export function commandArguments<T>(parse: (argv: string[]) => T, usage: string): T {
  try {
    return parse(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    process.exit(2);
  }
}

/** The server modules read the environment when they load: the .env files first, then import them. */
export function loadEnvFiles(): void {
  nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
}
