// npm run test:production: the documented deploy (docs/deploy.md), walked as a host walks it (D20), with only what that
// path has. The build runs in a copy of what `docker build` is sent (.dockerignore: no .env, no local
// data) with nothing in its environment but the documented build arguments, so a page that needs a
// secret to prerender fails here. The image's /app is then made as the Dockerfile's last stage makes
// it (no tests/, bench/ or local/, production dependencies only), and every process runs there from a
// production environment file alone (`docker run --env-file`): the compiled migrations, the worker,
// `next start`, the operator command and the payout run. The outside services are the stand-ins, on
// free ports, over the integration tests' kind of database (TEST_DATABASE_URL's server, else PGlite).
// APP_ENV=production stays unset in that file, as it refuses services on this machine: what it refuses
// is checked on its own at the end.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnv, promisify } from "node:util";
import { createScratchDatabase } from "../tests/harness/scratch-database";
import { cleanupAll, freePort, installSignalHandlers, onCleanup, runToCompletion } from "../tests/harness/processes";
import { startStack } from "../tests/harness/stack";
import { copyBuildContext, copyImageApp, IMAGE_LEAVES_OUT, linkTree, temporaryFolder } from "./production/image-folders";
import { productionChecks } from "./production/production-checks";

const root = process.cwd();
const started = Date.now();
const say = (line: string) => console.log(`[production] ${line} (${Math.round((Date.now() - started) / 1000)} s)`);

/** The site the production environment names: every link in a real email must point here. */
export const SITE_URL = "https://glucose.example";
/** The dev-only packages the embedded stack runs on: a production install has neither. */
const DEV_ONLY = ["tsx", "@electric-sql/pglite"];

/** What a host's shell gives a process besides its environment file. */
const hostEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
});

installSignalHandlers();

const folder = (prefix: string) =>
  temporaryFolder(prefix, (remove) => onCleanup({ name: `${prefix} folder`, stop: () => Promise.resolve(remove()), stopNow: remove }));

async function main(): Promise<void> {
  // The stand-ins' ports first: the Auth stand-in's address is a build argument.
  for (const name of [
    "LOCAL_DB_PORT",
    "LOCAL_AUTH_PORT",
    "LOCAL_SMTP_PORT",
    "LOCAL_INBOX_PORT",
    "LOCAL_STRIPE_PORT",
    "LOCAL_TELEGRAM_PORT",
  ]) {
    process.env[name] = String(await freePort());
  }
  const committed = parseEnv(readFileSync(path.join(root, ".env"), "utf8"));
  // The documented build arguments, and nothing else.
  const buildArgs = {
    NEXT_PUBLIC_SITE_URL: SITE_URL,
    NEXT_PUBLIC_SUPABASE_URL: `http://localhost:${process.env.LOCAL_AUTH_PORT}`,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: committed.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
  };

  // docker build: the context, every dependency (the same tree `npm ci` installs, linked rather than
  // installed again), then `npm run build`.
  const context = folder("production-context-");
  const files = copyBuildContext(root, context);
  const secrets = files.filter((file) => /(^|\/)\.env($|\.)/.test(file) && file !== ".env.example");
  if (secrets.length > 0) throw new Error(`the build context holds environment files: ${secrets.join(", ")}`);
  linkTree(path.join(root, "node_modules"), path.join(context, "node_modules"));
  say(`build context: ${files.length} files, no .env`);
  await runToCompletion({
    name: "npm run build",
    command: "npm",
    args: ["run", "build"],
    cwd: context,
    // npm test checked the types just before (as the end-to-end build skips it too).
    env: { ...hostEnv(), ...buildArgs, ...(process.env.CI ? { BUILD_TYPES_CHECKED: "1" } : {}) },
    echo: true,
  });
  say("built with the build arguments alone");

  // The image's /app: production dependencies only.
  const app = folder("production-app-");
  copyImageApp(context, app);
  await runToCompletion({
    name: "npm install --omit=dev",
    command: "npm",
    args: ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"],
    cwd: app,
    env: { ...process.env },
  });
  const devOnly = DEV_ONLY.filter((name) => existsSync(path.join(app, "node_modules", name)));
  if (devOnly.length > 0) throw new Error(`the production install holds dev-only packages: ${devOnly.join(", ")}`);
  const shipped = IMAGE_LEAVES_OUT.filter((name) => existsSync(path.join(app, name)));
  if (shipped.length > 0) throw new Error(`the image holds ${shipped.join(", ")}`);
  say("image folder made: production dependencies only");

  // The outside services. On the PostgreSQL server the compiled migrations make the schema of an
  // empty database before anything else; the stack's PGlite is made by the stack itself.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const emptyUrl = serverUrl ? (await createScratchDatabase(serverUrl, { empty: true, prefix: "production" })).url : undefined;
  process.env.NEXT_PUBLIC_SITE_URL = SITE_URL;
  const productionEnv = (databaseUrl: string, services: Record<string, string>): Record<string, string> => ({
    ...buildArgs,
    DATABASE_URL: databaseUrl,
    ...(services.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: services.DATABASE_POOL_MAX } : {}),
    SMTP_URL: services.SMTP_URL ?? "",
    MAIL_FROM: "Glucose Challenge <hello@glucose.example>",
    SUPABASE_SERVICE_ROLE_KEY: committed.SUPABASE_SERVICE_ROLE_KEY ?? "",
    STRIPE_API_URL: services.STRIPE_API_URL ?? "",
    STRIPE_SECRET_KEY: committed.STRIPE_SECRET_KEY ?? "",
    STRIPE_WEBHOOK_SECRET: committed.STRIPE_WEBHOOK_SECRET ?? "",
    TELEGRAM_API_URL: services.TELEGRAM_API_URL ?? "",
    TELEGRAM_LINK_URL: services.TELEGRAM_LINK_URL ?? "",
    TELEGRAM_BOT_TOKEN: committed.TELEGRAM_BOT_TOKEN ?? "",
    TELEGRAM_WEBHOOK_SECRET: committed.TELEGRAM_WEBHOOK_SECRET ?? "",
    TELEGRAM_BOT_USERNAME: committed.TELEGRAM_BOT_USERNAME ?? "",
    TRUSTED_CLIENT_IP_HEADER: "x-forwarded-for",
  });
  const envFolder = folder("production-env-");
  const envFile = (env: Record<string, string>): NodeJS.ProcessEnv => {
    const file = path.join(envFolder, "production.env");
    writeFileSync(
      file,
      Object.entries(env)
        .map(([name, value]) => `${name}=${value}`)
        .join("\n") + "\n",
    );
    // What `docker run --env-file` hands the process: the file's values, as written.
    return { ...hostEnv(), ...parseEnv(readFileSync(file, "utf8")) };
  };
  const node = (args: string[], env: NodeJS.ProcessEnv) =>
    promisify(execFile)(process.execPath, args, { cwd: app, env, timeout: 120_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );

  if (emptyUrl) {
    const migrated = await node([path.join(".next", "migrate.mjs")], envFile({ DATABASE_URL: emptyUrl }));
    if (migrated.code !== 0 || !/migration\(s\) applied/.test(migrated.stdout))
      throw new Error(`the compiled migrations exited ${migrated.code}: ${migrated.stdout}${migrated.stderr}`);
    say(`compiled migrations on an empty PostgreSQL database: ${migrated.stdout.trim().split("\n").at(-1)}`);
  }
  const stack = await startStack(root, emptyUrl);
  const databaseUrl = emptyUrl ?? stack.appEnv.DATABASE_URL;
  if (!databaseUrl) throw new Error("the stack gave no DATABASE_URL");
  const env = envFile(productionEnv(databaseUrl, stack.appEnv));
  say(`stand-ins ready on ${emptyUrl ? "PostgreSQL" : "PGlite"}`);

  await productionChecks({ dir: app, env, inboxUrl: `http://127.0.0.1:${process.env.LOCAL_INBOX_PORT}`, siteUrl: SITE_URL, node, say });
}

try {
  await main();
  say("the documented deploy builds without secrets and runs from its environment file");
} catch (error) {
  console.error(`[production] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
