import path from "node:path";

// Ports and paths of the embedded stack. Each can be moved with an environment variable so tests
// can run a second stack beside a developer's.
export const LOCAL_DEFAULTS = {
  dbPort: 54322,
  smtpPort: 54325,
  inboxPort: 54324,
  authPort: 54321,
  stripePort: 12111,
  telegramPort: 54330,
  dataDir: ".local",
} as const;

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

export type LocalConfig = {
  dbPort: number;
  smtpPort: number;
  inboxPort: number;
  authPort: number;
  stripePort: number;
  telegramPort: number;
  dataDir: string;
};

export function localConfig(): LocalConfig {
  return {
    dbPort: port("LOCAL_DB_PORT", LOCAL_DEFAULTS.dbPort),
    smtpPort: port("LOCAL_SMTP_PORT", LOCAL_DEFAULTS.smtpPort),
    inboxPort: port("LOCAL_INBOX_PORT", LOCAL_DEFAULTS.inboxPort),
    authPort: port("LOCAL_AUTH_PORT", LOCAL_DEFAULTS.authPort),
    stripePort: port("LOCAL_STRIPE_PORT", LOCAL_DEFAULTS.stripePort),
    telegramPort: port("LOCAL_TELEGRAM_PORT", LOCAL_DEFAULTS.telegramPort),
    dataDir: path.resolve(process.env.LOCAL_DATA_DIR ?? LOCAL_DEFAULTS.dataDir),
  };
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** A service is embedded when its URL still points at the stand-in's loopback port. */
export function pointsAtStandIn(url: string | undefined, standInPort: number): boolean {
  if (!url) return true;
  try {
    const parsed = new URL(url);
    return LOOPBACK.has(parsed.hostname) && Number(parsed.port) === standInPort;
  } catch {
    return false;
  }
}
