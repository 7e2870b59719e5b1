import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webhookSettings } from "@/scripts/telegram-webhook-settings";
import { COMMITTED_LOCAL_KEYS, LOCAL_TELEGRAM_API_URL } from "@/server/env-constants";

const PRODUCTION = {
  TELEGRAM_API_URL: "https://api.telegram.org",
  TELEGRAM_BOT_TOKEN: "7000000001:AAH4real_bot_token_from_botfather",
  TELEGRAM_WEBHOOK_SECRET: "a-secret-of-our-own_2026",
  NEXT_PUBLIC_SITE_URL: "https://glucose.example.com/",
};

const problems = (env: Record<string, string | undefined>, local = false) => {
  const result = webhookSettings(env, { local });
  return result.ok ? [] : result.problems;
};

describe("webhookSettings", () => {
  it("registers {site}/api/telegram/webhook through the Bot API with production values", () => {
    expect(webhookSettings(PRODUCTION, { local: false })).toEqual({
      ok: true,
      settings: {
        token: PRODUCTION.TELEGRAM_BOT_TOKEN,
        secret: PRODUCTION.TELEGRAM_WEBHOOK_SECRET,
        apiRoot: "https://api.telegram.org",
        webhookUrl: "https://glucose.example.com/api/telegram/webhook",
      },
    });
    expect(webhookSettings({ ...PRODUCTION, TELEGRAM_API_URL: undefined }, { local: false })).toMatchObject({
      ok: true,
      settings: { apiRoot: "https://api.telegram.org" },
    });
  });

  it("refuses the committed .env's values, naming each one", () => {
    const committed = {
      TELEGRAM_API_URL: LOCAL_TELEGRAM_API_URL,
      TELEGRAM_BOT_TOKEN: COMMITTED_LOCAL_KEYS.TELEGRAM_BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: COMMITTED_LOCAL_KEYS.TELEGRAM_WEBHOOK_SECRET,
      NEXT_PUBLIC_SITE_URL: "http://localhost:3000",
    };
    const found = problems(committed);
    expect(found).toHaveLength(4);
    expect(found.join("\n")).toMatch(/NEXT_PUBLIC_SITE_URL is on this machine \(http:\/\/localhost:3000\)/);
    expect(found.join("\n")).toMatch(/TELEGRAM_API_URL is the embedded stack's Telegram stand-in/);
    expect(found.join("\n")).toMatch(/TELEGRAM_BOT_TOKEN still holds the committed local value/);
    expect(found.join("\n")).toMatch(/TELEGRAM_WEBHOOK_SECRET still holds the committed local value/);
    // --local is for the embedded stack, whose stand-in takes exactly these.
    expect(webhookSettings(committed, { local: true })).toMatchObject({
      ok: true,
      settings: { apiRoot: LOCAL_TELEGRAM_API_URL, webhookUrl: "http://localhost:3000/api/telegram/webhook" },
    });
  });

  it.each([
    ["a site on a loopback address", { NEXT_PUBLIC_SITE_URL: "https://127.0.0.1:8443" }, /NEXT_PUBLIC_SITE_URL is on this machine/],
    ["a site on [::1]", { NEXT_PUBLIC_SITE_URL: "https://[::1]" }, /NEXT_PUBLIC_SITE_URL is on this machine/],
    ["a site on a .localhost name", { NEXT_PUBLIC_SITE_URL: "https://app.localhost" }, /NEXT_PUBLIC_SITE_URL is on this machine/],
    ["a plain http site", { NEXT_PUBLIC_SITE_URL: "http://glucose.example.com" }, /NEXT_PUBLIC_SITE_URL is not https/],
    ["a Bot API on this machine", { TELEGRAM_API_URL: "http://127.0.0.1:8081" }, /TELEGRAM_API_URL is on this machine/],
    [
      "the committed token",
      { TELEGRAM_BOT_TOKEN: COMMITTED_LOCAL_KEYS.TELEGRAM_BOT_TOKEN },
      /TELEGRAM_BOT_TOKEN still holds the committed local value/,
    ],
    [
      "the committed secret",
      { TELEGRAM_WEBHOOK_SECRET: COMMITTED_LOCAL_KEYS.TELEGRAM_WEBHOOK_SECRET },
      /TELEGRAM_WEBHOOK_SECRET still holds/,
    ],
    ["no site", { NEXT_PUBLIC_SITE_URL: "" }, /NEXT_PUBLIC_SITE_URL not set/],
    [
      "no token and no secret",
      { TELEGRAM_BOT_TOKEN: undefined, TELEGRAM_WEBHOOK_SECRET: " " },
      /TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET not set/,
    ],
    ["a secret Telegram would refuse", { TELEGRAM_WEBHOOK_SECRET: "has spaces in it, sixteen+" }, /TELEGRAM_WEBHOOK_SECRET must be 16-256/],
    ["a site that is not a URL", { NEXT_PUBLIC_SITE_URL: "glucose.example.com" }, /NEXT_PUBLIC_SITE_URL is not an http\(s\) URL/],
  ])("refuses %s", (_what, change, message) => {
    const found = problems({ ...PRODUCTION, ...change });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });
});

describe("npm run telegram:webhook", () => {
  const root = path.resolve(import.meta.dirname, "../../..");
  const command = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts[
    "telegram:webhook"
  ]!;

  it("run from a checkout with nothing else set, refuses the committed .env's values and exits 1", { timeout: 60_000 }, async () => {
    // Nothing set but what the checkout's .env files give.
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}` };
    for (const name of Object.keys(env)) {
      if (name.startsWith("TELEGRAM_") || name.startsWith("NEXT_PUBLIC_") || name === "APP_ENV") delete env[name];
    }
    const child = spawn("sh", ["-c", command], { cwd: root, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(output).toMatch(/Refusing to register the Telegram webhook/);
    expect(output).toMatch(/TELEGRAM_WEBHOOK_SECRET still holds the committed local value/);
    expect(output).toMatch(/TELEGRAM_API_URL is the embedded stack's Telegram stand-in/);
    expect(code).toBe(1);
  });
});
