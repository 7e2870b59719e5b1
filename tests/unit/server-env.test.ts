import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PublicEnv } from "@/lib/public-env";
import { COMMITTED_LOCAL_KEYS, LOCAL_DATABASE_URL, databasePreparedStatements, parseServerEnv } from "@/server/env";

// A production configuration that passes; each test spoils one thing.
const production: Record<string, string> = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app:secret@db.example.com:6543/postgres",
  SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
  SUPABASE_SERVICE_ROLE_KEY: "sb_secret_realprojectkey_1234567890abcdef",
  STRIPE_SECRET_KEY: "sk_live_realkey1234567890",
  STRIPE_WEBHOOK_SECRET: "whsec_realsecret1234567890",
  STRIPE_API_URL: "https://api.stripe.com",
  TRUSTED_CLIENT_IP_HEADER: "x-forwarded-for",
  TELEGRAM_API_URL: "https://api.telegram.org",
  TELEGRAM_BOT_TOKEN: "7000000001:AAHrealbottoken_1234567890abcdef",
  TELEGRAM_WEBHOOK_SECRET: "a-real-webhook-secret-1234567890",
};
const publicValues: PublicEnv = {
  siteUrl: "https://glucosechallenge.app",
  supabaseUrl: "https://abcdefgh.supabase.co",
  supabaseAnonKey: "sb_publishable_realprojectkey_123456",
  cgmMarketplaceUrl: "https://cgm.example.com/",
  webVitalsSampleRate: 0.1,
  development: false,
};

function committedEnvFile(): Record<string, string> {
  const entries = readFileSync(".env", "utf8")
    .split("\n")
    .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!.replace(/^"(.*)"$/, "$1")]);
  return Object.fromEntries(entries);
}

describe("APP_ENV=production refuses what would be unsafe", () => {
  it("refuses the Telegram stand-in as the Bot API", () => {
    expect(() => parseServerEnv({ ...production, TELEGRAM_API_URL: "http://localhost:54330" }, publicValues)).toThrow(
      /TELEGRAM_API_URL still point at the embedded stack/,
    );
  });

  it("starts with real values", () => {
    expect(parseServerEnv(production, publicValues).TRUSTED_CLIENT_IP_HEADER).toBe("x-forwarded-for");
  });

  it.each(Object.entries(COMMITTED_LOCAL_KEYS))("forged webhooks: refuses %s at its committed local value", (name, value) => {
    const env = name.startsWith("NEXT_PUBLIC_") ? production : { ...production, [name]: value };
    const publicEnv = name === "NEXT_PUBLIC_SUPABASE_ANON_KEY" ? { ...publicValues, supabaseAnonKey: value } : publicValues;
    expect(() => parseServerEnv(env, publicEnv)).toThrow(new RegExp(`${name} still hold the committed local value`));
  });

  it("knows every key the committed .env holds, with its value", () => {
    const secrets = Object.entries(committedEnvFile()).filter(([name]) => /KEY|SECRET|TOKEN|PASSWORD/.test(name));
    expect(secrets.length).toBeGreaterThan(0);
    for (const [name, value] of secrets) expect(COMMITTED_LOCAL_KEYS).toHaveProperty(name, value);
  });

  it("refuses a site that is not https (session cookies would not be Secure)", () => {
    expect(() => parseServerEnv(production, { ...publicValues, siteUrl: "http://glucosechallenge.app" })).toThrow(/NEXT_PUBLIC_SITE_URL is not https/);
  });

  it("wants the client address header named (none is a choice, unset is not)", () => {
    expect(() => parseServerEnv({ ...production, TRUSTED_CLIENT_IP_HEADER: "" }, publicValues)).toThrow(/TRUSTED_CLIENT_IP_HEADER is not set/);
    expect(parseServerEnv({ ...production, TRUSTED_CLIENT_IP_HEADER: "none" }, publicValues).TRUSTED_CLIENT_IP_HEADER).toBe("none");
    expect(() => parseServerEnv({ ...production, TRUSTED_CLIENT_IP_HEADER: "x-client-says" }, publicValues)).toThrow(/TRUSTED_CLIENT_IP_HEADER/);
  });

  it("refuses the statement log, which writes every query's parameters to a file", () => {
    expect(() => parseServerEnv({ ...production, DATABASE_STATEMENT_LOG: "/tmp/statements.jsonl" }, publicValues)).toThrow(/DATABASE_STATEMENT_LOG is set/);
    expect(parseServerEnv({ ...production }, publicValues).DATABASE_STATEMENT_LOG).toBeUndefined();
  });

  it("accepts the committed values locally, trusting no client address header", () => {
    const local = parseServerEnv({ ...committedEnvFile() }, { ...publicValues, siteUrl: "http://localhost:3000" });
    expect(local.APP_ENV).toBe("local");
    expect(local.TRUSTED_CLIENT_IP_HEADER).toBeUndefined();
  });
});

describe("PUBLIC_READ_CACHE_MS", () => {
  it("is a second unless set; empty is the default, 0 turns it off, nonsense is refused", () => {
    expect(parseServerEnv(production, publicValues).PUBLIC_READ_CACHE_MS).toBe(1000);
    expect(parseServerEnv({ ...production, PUBLIC_READ_CACHE_MS: "" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(1000);
    expect(parseServerEnv({ ...production, PUBLIC_READ_CACHE_MS: "0" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(0);
    expect(parseServerEnv({ ...production, PUBLIC_READ_CACHE_MS: "2500" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(2500);
    for (const value of ["-1", "abc", "1.5", "3600000"]) expect(() => parseServerEnv({ ...production, PUBLIC_READ_CACHE_MS: value }, publicValues), value).toThrow(/PUBLIC_READ_CACHE_MS/);
  });
});

describe("production values stay out of git", () => {
  it.each([".env.production", ".env.staging.production", ".env.local", ".env.production.local"])("%s is ignored", (file) => {
    expect(() => execFileSync("git", ["check-ignore", "-q", file])).not.toThrow();
  });
});

describe("prepared statements", () => {
  const local = { ...committedEnvFile(), APP_ENV: "local" };
  it("are used on the embedded database and nowhere else unless DATABASE_PREPARE says so", () => {
    expect(databasePreparedStatements(parseServerEnv({ ...local, DATABASE_URL: LOCAL_DATABASE_URL }, publicValues))).toBe(true);
    expect(databasePreparedStatements(parseServerEnv(production, publicValues))).toBe(false);
    expect(databasePreparedStatements(parseServerEnv({ ...production, DATABASE_PREPARE: "true" }, publicValues))).toBe(true);
    expect(databasePreparedStatements(parseServerEnv({ ...local, DATABASE_URL: LOCAL_DATABASE_URL, DATABASE_PREPARE: "false" }, publicValues))).toBe(false);
    expect(() => parseServerEnv({ ...production, DATABASE_PREPARE: "yes" }, publicValues)).toThrow(/DATABASE_PREPARE/);
  });
});
