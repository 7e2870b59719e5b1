import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PublicEnv } from "@/lib/public-env";
import { databasePreparedStatements, parseServerEnv } from "@/server/env";
import { COMMITTED_LOCAL_KEYS, LOCAL_DATABASE_URL } from "@/server/env-constants";

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
  TELEGRAM_LINK_URL: "https://t.me",
  NEXT_PUBLIC_SITE_URL: "https://glucosechallenge.app",
  NEXT_PUBLIC_SUPABASE_URL: "https://abcdefgh.supabase.co",
  NEXT_PUBLIC_SUPABASE_ANON_KEY: "sb_publishable_realprojectkey_123456",
};
const publicValues: PublicEnv = {
  siteUrl: "https://glucosechallenge.app",
  supabaseUrl: "https://abcdefgh.supabase.co",
  supabaseAnonKey: "sb_publishable_realprojectkey_123456",
  cgmMarketplaceUrl: "https://cgm.example.com/",
  webVitalsSampleRate: 0.1,
  development: false,
};

/** Parses as a server process whose pages were built with `publicValues` does (the build's values are the run's unless a test says otherwise). */
function parse(raw: Record<string, string>, runValues: PublicEnv = publicValues, built: PublicEnv = runValues) {
  return parseServerEnv(raw, runValues, built);
}

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
    expect(() => parse({ ...production, TELEGRAM_API_URL: "http://localhost:54330" }, publicValues)).toThrow(
      /TELEGRAM_API_URL still point at the embedded stack/,
    );
  });

  it("starts with real values", () => {
    expect(parse(production, publicValues).TRUSTED_CLIENT_IP_HEADER).toBe("x-forwarded-for");
  });

  it.each(Object.entries(COMMITTED_LOCAL_KEYS))("forged webhooks: refuses %s at its committed local value", (name, value) => {
    const env = name.startsWith("NEXT_PUBLIC_") ? production : { ...production, [name]: value };
    const publicEnv = name === "NEXT_PUBLIC_SUPABASE_ANON_KEY" ? { ...publicValues, supabaseAnonKey: value } : publicValues;
    expect(() => parse(env, publicEnv)).toThrow(new RegExp(`${name} still hold the committed local value`));
  });

  it("knows every key the committed .env holds, with its value", () => {
    const secrets = Object.entries(committedEnvFile()).filter(([name]) => /KEY|SECRET|TOKEN|PASSWORD/.test(name));
    expect(secrets.length).toBeGreaterThan(0);
    for (const [name, value] of secrets) expect(COMMITTED_LOCAL_KEYS).toHaveProperty(name, value);
  });

  it("refuses a site that is not https (session cookies would not be Secure)", () => {
    expect(() => parse(production, { ...publicValues, siteUrl: "http://glucosechallenge.app" })).toThrow(/NEXT_PUBLIC_SITE_URL not https/);
  });

  it("wants the client address header named (none is a choice, unset is not)", () => {
    expect(() => parse({ ...production, TRUSTED_CLIENT_IP_HEADER: "" }, publicValues)).toThrow(/TRUSTED_CLIENT_IP_HEADER is not set/);
    expect(parse({ ...production, TRUSTED_CLIENT_IP_HEADER: "none" }, publicValues).TRUSTED_CLIENT_IP_HEADER).toBe("none");
    expect(() => parse({ ...production, TRUSTED_CLIENT_IP_HEADER: "x-client-says" }, publicValues)).toThrow(/TRUSTED_CLIENT_IP_HEADER/);
  });

  it("refuses the statement log, which writes every query's parameters to a file", () => {
    expect(() => parse({ ...production, DATABASE_STATEMENT_LOG: "/tmp/statements.jsonl" }, publicValues)).toThrow(
      /DATABASE_STATEMENT_LOG is set/,
    );
    expect(parse({ ...production }, publicValues).DATABASE_STATEMENT_LOG).toBeUndefined();
  });

  it("accepts the committed values locally, trusting no client address header", () => {
    const local = parse({ ...committedEnvFile() }, { ...publicValues, siteUrl: "http://localhost:3000" });
    expect(local.APP_ENV).toBe("local");
    expect(local.TRUSTED_CLIENT_IP_HEADER).toBeUndefined();
  });
});

describe("APP_ENV=production fails closed on configuration that is local, missing or not the build's", () => {
  const problemsOf = (raw: Record<string, string>, built: PublicEnv = publicValues): string => {
    try {
      parseServerEnv(raw, undefined, built);
      return "";
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  it("starts with a real configuration, reading the public values from the same environment", () => {
    expect(problemsOf(production)).toBe("");
  });

  it.each([
    ["NEXT_PUBLIC_SUPABASE_URL", "http://127.0.0.1:54321"],
    ["NEXT_PUBLIC_SUPABASE_URL", "https://localhost:8443"],
    ["STRIPE_API_URL", "http://127.0.0.1:12111"],
    ["TELEGRAM_API_URL", "http://[::1]:54330"],
    ["TELEGRAM_LINK_URL", "http://localhost:54330/t.me"],
    ["NEXT_PUBLIC_SITE_URL", "https://app.localhost"],
    ["DATABASE_URL", "postgres://postgres:postgres@localhost:54322/postgres"],
    ["SMTP_URL", "smtp://localhost:54325"],
  ])("refuses %s on this machine (%s)", (name, value) => {
    expect(
      problemsOf(
        { ...production, [name]: value },
        {
          ...publicValues,
          siteUrl: name === "NEXT_PUBLIC_SITE_URL" ? "https://app.localhost" : publicValues.siteUrl,
          supabaseUrl: name === "NEXT_PUBLIC_SUPABASE_URL" ? value.replace(/\/$/, "") : publicValues.supabaseUrl,
        },
      ),
    ).toMatch(new RegExp(`${name}.* still point at the embedded stack`));
  });

  it("accepts a database pooler or mail relay beside the app on its own port", () => {
    expect(
      problemsOf({ ...production, DATABASE_URL: "postgres://app:secret@127.0.0.1:6432/postgres", SMTP_URL: "smtp://localhost:25" }),
    ).toBe("");
  });

  it("refuses plain http for the services it reaches", () => {
    const problems = problemsOf(
      { ...production, NEXT_PUBLIC_SUPABASE_URL: "http://abcdefgh.supabase.co", TELEGRAM_LINK_URL: "http://t.me" },
      { ...publicValues, supabaseUrl: "http://abcdefgh.supabase.co" },
    );
    expect(problems).toMatch(/NEXT_PUBLIC_SUPABASE_URL, TELEGRAM_LINK_URL not https/);
  });

  it("refuses what is unset or empty instead of falling back to the embedded stack", () => {
    const unset = new Set(["DATABASE_URL", "NEXT_PUBLIC_SITE_URL", "SMTP_URL"]);
    const rest = Object.fromEntries(Object.entries(production).filter(([name]) => !unset.has(name)));
    const problems = problemsOf({ ...rest, NEXT_PUBLIC_SUPABASE_ANON_KEY: "" });
    expect(problems).toMatch(/DATABASE_URL, SMTP_URL, NEXT_PUBLIC_SITE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY not set/);
  });

  it("refuses public values other than those the pages were built with", () => {
    const problems = problemsOf({ ...production, NEXT_PUBLIC_SITE_URL: "https://www.glucosechallenge.app" });
    expect(problems).toMatch(/NEXT_PUBLIC_SITE_URL differ from the values the pages were built with/);
    expect(problems).not.toMatch(/NEXT_PUBLIC_SUPABASE_URL differ/);
  });

  it("lists every problem at once", () => {
    const problems = problemsOf({
      ...production,
      STRIPE_API_URL: "http://localhost:12111",
      TRUSTED_CLIENT_IP_HEADER: "",
      STRIPE_WEBHOOK_SECRET: COMMITTED_LOCAL_KEYS.STRIPE_WEBHOOK_SECRET,
    });
    expect(problems).toMatch(/STRIPE_API_URL still point at the embedded stack/);
    expect(problems).toMatch(/STRIPE_WEBHOOK_SECRET still hold the committed local value/);
    expect(problems).toMatch(/TRUSTED_CLIENT_IP_HEADER is not set/);
  });
});

describe("PUBLIC_READ_CACHE_MS", () => {
  it("is a second unless set; empty is the default, 0 turns it off, nonsense is refused", () => {
    expect(parse(production, publicValues).PUBLIC_READ_CACHE_MS).toBe(1000);
    expect(parse({ ...production, PUBLIC_READ_CACHE_MS: "" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(1000);
    expect(parse({ ...production, PUBLIC_READ_CACHE_MS: "0" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(0);
    expect(parse({ ...production, PUBLIC_READ_CACHE_MS: "2500" }, publicValues).PUBLIC_READ_CACHE_MS).toBe(2500);
    for (const value of ["-1", "abc", "1.5", "3600000"])
      expect(() => parse({ ...production, PUBLIC_READ_CACHE_MS: value }, publicValues), value).toThrow(/PUBLIC_READ_CACHE_MS/);
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
    expect(databasePreparedStatements(parse({ ...local, DATABASE_URL: LOCAL_DATABASE_URL }, publicValues))).toBe(true);
    expect(databasePreparedStatements(parse(production, publicValues))).toBe(false);
    expect(databasePreparedStatements(parse({ ...production, DATABASE_PREPARE: "true" }, publicValues))).toBe(true);
    expect(databasePreparedStatements(parse({ ...local, DATABASE_URL: LOCAL_DATABASE_URL, DATABASE_PREPARE: "false" }, publicValues))).toBe(
      false,
    );
    expect(() => parse({ ...production, DATABASE_PREPARE: "yes" }, publicValues)).toThrow(/DATABASE_PREPARE/);
  });
});
