import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup, portInUse, startProcess } from "./processes";

// The product's embedded stack (local/launcher.ts) started for a run of the bench or of
// npm run test:production, in a temporary data directory, stopped at cleanup.

// The loads spread their requests over client addresses with X-Real-IP, as a proxy in front would,
// so the per-address limits measure one client's share and not the whole run's.
export const baseEnv = (): NodeJS.ProcessEnv => ({ TRUSTED_CLIENT_IP_HEADER: "x-real-ip", ...process.env, NEXT_TELEMETRY_DISABLED: "1" });

export const bin = (root: string, name: string): string => path.join(root, "node_modules", ".bin", name);

/**
 * The service URLs moved with the stack's ports. The committed .env points every URL at the default
 * ports, and the launcher only starts a stand-in whose URL points at its port: a moved port needs its
 * URL moved with it (unless the URL is set in the environment already).
 */
export function movedServiceEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const moved = (portVar: string, urlVar: string, url: (port: string) => string): void => {
    const port = process.env[portVar];
    if (port && !process.env[urlVar]) env[urlVar] = url(port);
  };
  moved("LOCAL_DB_PORT", "DATABASE_URL", (port) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  // The app sizes its pool at 1 only for the default URL; PGlite serves one connection at a time.
  if (env.DATABASE_URL && !process.env.DATABASE_POOL_MAX) env.DATABASE_POOL_MAX = "1";
  moved("LOCAL_SMTP_PORT", "SMTP_URL", (port) => `smtp://127.0.0.1:${port}`);
  moved("LOCAL_AUTH_PORT", "NEXT_PUBLIC_SUPABASE_URL", (port) => `http://localhost:${port}`);
  moved("LOCAL_STRIPE_PORT", "STRIPE_API_URL", (port) => `http://localhost:${port}`);
  moved("LOCAL_TELEGRAM_PORT", "TELEGRAM_API_URL", (port) => `http://localhost:${port}`);
  moved("LOCAL_TELEGRAM_PORT", "TELEGRAM_LINK_URL", (port) => `http://localhost:${port}/t.me`);
  return env;
}

export const DEFAULT_DB_PORT = 54322;

export interface Stack {
  dbPort: number;
  /** Environment for `next start` so the app talks to this stack (empty on the default ports). */
  appEnv: Record<string, string>;
  /** The stack's data directory (its mail catcher appends every message to mail/messages.jsonl). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** Fails early (before any build) if the stack obviously cannot start; returns its database port. */
export async function assertStackCanStart(root: string): Promise<number> {
  const launcher = path.join(root, "local", "launcher.ts");
  if (!existsSync(launcher)) throw new Error(`cannot start the database stack: ${launcher} does not exist`);
  const dbPort = Number(process.env.LOCAL_DB_PORT ?? DEFAULT_DB_PORT);
  if (await portInUse(dbPort)) {
    throw new Error(`port ${dbPort} is already in use (a dev stack running?); stop it or set LOCAL_DB_PORT`);
  }
  return dbPort;
}

/**
 * Starts the embedded stack (`tsx local/launcher.ts stack`) and waits until it prints "stack ready".
 * Ports are the launcher's defaults unless LOCAL_DB_PORT etc. are set; the data lives in a fresh
 * temporary directory (unless LOCAL_DATA_DIR is set) so the developer's data is untouched. With
 * `databaseUrl` (a real PostgreSQL server) the launcher starts no PGlite and the app keeps its normal pool.
 */
export async function startStack(root: string, databaseUrl?: string): Promise<Stack> {
  const dbPort = await assertStackCanStart(root);
  const tempDir = process.env.LOCAL_DATA_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), "stack-"));
  const serviceEnv = movedServiceEnv();
  if (databaseUrl) {
    serviceEnv.DATABASE_URL = databaseUrl;
    delete serviceEnv.DATABASE_POOL_MAX;
  }
  const removeTempDir = (): void => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
  // Registered before the stack itself, so cleanup (newest first) removes it after the stack is gone.
  const unregisterTempDir = onCleanup({
    name: "stack data directory",
    stop: () => Promise.resolve(removeTempDir()),
    stopNow: removeTempDir,
  });
  console.log(`[stack] starting database stack on port ${dbPort}…`);
  const stack = startProcess({
    name: "stack",
    command: bin(root, "tsx"),
    args: ["local/launcher.ts", "stack"],
    cwd: root,
    echo: true,
    env: {
      ...baseEnv(),
      ...serviceEnv,
      LOCAL_DB_PORT: String(dbPort),
      ...(tempDir ? { LOCAL_DATA_DIR: tempDir } : {}),
    },
  });
  const stop = async (): Promise<void> => {
    await stack.stop();
    removeTempDir();
    unregisterTempDir();
  };
  try {
    await stack.waitForLine((line) => line.includes("stack ready"), 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { dbPort, appEnv: serviceEnv, dataDir: tempDir ?? path.resolve(root, process.env.LOCAL_DATA_DIR ?? ".local"), stop };
}
