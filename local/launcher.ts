// npm run dev | npm start | npm run stack: starts the embedded stand-ins for every service that
// still points at its local default, then `next dev` / `next start` (or nothing, for `stack`).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import { startAuth } from "./auth/auth-server";
import { localConfig, pointsAtStandIn } from "./config";
import { startMail } from "./mail/mail-server";
import { startPostgres } from "./postgres/postgres-server";
import { startStripe } from "./stripe/stripe-server";
import { STRIPE_WEBHOOK_RETRY } from "./stripe/webhook-dispatcher";
import { startTelegram } from "./telegram/telegram-server";

type Mode = "dev" | "start" | "stack";
const mode = process.argv[2] as Mode;
if (!["dev", "start", "stack"].includes(mode)) {
  console.error("usage: tsx local/launcher.ts dev|start|stack [next options]");
  process.exit(2);
}
const passThrough = process.argv.slice(3);

nextEnv.loadEnvConfig(process.cwd(), mode === "dev", { info: () => {}, error: console.error });
const config = localConfig();
const say = (line: string) => console.log(`[stack] ${line}`);

/** LOCAL_STRIPE_TIME_SCALE: how fast Stripe's three days of webhook retries pass (0.001: in about 4.6 minutes). */
function stripeTimeScale(): number {
  const value = Number(process.env.LOCAL_STRIPE_TIME_SCALE || 1);
  if (!(value > 0 && value <= 1)) throw new Error("LOCAL_STRIPE_TIME_SCALE must be a number above 0 and at most 1");
  return value;
}

const wantsPostgres = pointsAtStandIn(process.env.DATABASE_URL, config.dbPort);
const wantsMail = pointsAtStandIn(process.env.SMTP_URL, config.smtpPort);
const wantsAuth = pointsAtStandIn(process.env.NEXT_PUBLIC_SUPABASE_URL, config.authPort);
const wantsStripe = pointsAtStandIn(process.env.STRIPE_API_URL, config.stripePort);
const wantsTelegram = pointsAtStandIn(process.env.TELEGRAM_API_URL, config.telegramPort);

if (process.env.APP_ENV === "production" && (wantsPostgres || wantsMail || wantsAuth || wantsStripe || wantsTelegram)) {
  const still = [
    wantsPostgres && "DATABASE_URL",
    wantsMail && "SMTP_URL",
    wantsAuth && "NEXT_PUBLIC_SUPABASE_URL",
    wantsStripe && "STRIPE_API_URL",
    wantsTelegram && "TELEGRAM_API_URL",
  ]
    .filter(Boolean)
    .join(", ");
  console.error(`APP_ENV=production refuses to start: ${still} still point(s) at the embedded stack.`);
  process.exit(1);
}
if (mode === "start" && !existsSync(path.join(".next", "BUILD_ID"))) {
  console.error("No production build found. Run `npm run build` first (or `npm run dev`).");
  process.exit(1);
}

const stops: (() => Promise<void>)[] = [];
let next: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (next && next.exitCode === null) next.kill("SIGTERM");
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  if (wantsPostgres) {
    const pg = await startPostgres({ port: config.dbPort, dataDir: config.dataDir, seed: true, log: say });
    stops.push(pg.stop);
    process.env.DATABASE_URL ??= pg.url;
    say(`postgres (PGlite) on ${pg.url}`);
  } else {
    say("postgres: using DATABASE_URL (no stand-in)");
  }
  if (wantsMail) {
    const mail = await startMail({ smtpPort: config.smtpPort, inboxPort: config.inboxPort, dataDir: config.dataDir });
    stops.push(mail.stop);
    process.env.SMTP_URL ??= `smtp://127.0.0.1:${mail.smtpPort}`;
    say(`mail: SMTP on 127.0.0.1:${mail.smtpPort}, inbox at http://localhost:${mail.inboxPort}`);
  } else {
    say("mail: using SMTP_URL (no stand-in)");
  }
  if (wantsAuth) {
    const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY;
    const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!anonKey || !serviceRoleKey) throw new Error("NEXT_PUBLIC_SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set");
    const auth = await startAuth({
      port: config.authPort,
      databaseUrl: process.env.DATABASE_URL ?? "",
      smtpUrl: process.env.SMTP_URL ?? "",
      dataDir: config.dataDir,
      siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000",
      publicUrl: process.env.NEXT_PUBLIC_SUPABASE_URL ?? `http://localhost:${config.authPort}`,
      anonKey,
      serviceRoleKey,
      // As "IP Address Forwarding" enabled in a Supabase project: the app forwards its visitors' addresses.
      sbForwardedForEnabled: true,
      rateLimits: authIpBudgetsFromEnv(),
      mailFrom: process.env.MAIL_FROM,
    });
    stops.push(auth.stop);
    process.env.NEXT_PUBLIC_SUPABASE_URL ??= `http://localhost:${auth.port}`;
    say(`auth (Supabase Auth stand-in) on http://localhost:${auth.port}/auth/v1`);
  } else {
    say("auth: using NEXT_PUBLIC_SUPABASE_URL (no stand-in)");
  }
  if (wantsStripe) {
    const secretKey = process.env.STRIPE_SECRET_KEY;
    if (!secretKey) throw new Error("STRIPE_SECRET_KEY must be set");
    const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
    const stripe = await startStripe({
      port: config.stripePort,
      secretKey,
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
      webhooks: [{ url: `${siteUrl}/api/stripe/webhook` }],
      dataDir: config.dataDir,
      publicUrl: process.env.STRIPE_API_URL ?? `http://localhost:${config.stripePort}`,
      retry: { ...STRIPE_WEBHOOK_RETRY, timeScale: stripeTimeScale() },
      log: say,
    });
    stops.push(stripe.stop);
    process.env.STRIPE_API_URL ??= `http://localhost:${stripe.port}`;
    say(
      `stripe (Stripe stand-in) on http://localhost:${stripe.port}/v1, checkout pages at /c/pay, webhooks to ${siteUrl}/api/stripe/webhook`,
    );
  } else {
    say("stripe: using STRIPE_API_URL (no stand-in)");
  }
  if (wantsTelegram) {
    const botToken = process.env.TELEGRAM_BOT_TOKEN;
    if (!botToken) throw new Error("TELEGRAM_BOT_TOKEN must be set");
    const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
    // The webhook as `npm run telegram:webhook` registers it with the real Telegram.
    const telegram = await startTelegram({
      port: config.telegramPort,
      botToken,
      botUsername: process.env.TELEGRAM_BOT_USERNAME ?? "GlucoseCoachBot",
      webhook: { url: `${siteUrl}/api/telegram/webhook`, secretToken: process.env.TELEGRAM_WEBHOOK_SECRET || undefined },
      log: say,
    });
    stops.push(telegram.stop);
    process.env.TELEGRAM_API_URL ??= `http://localhost:${telegram.port}`;
    say(
      `telegram (Telegram stand-in) on http://localhost:${telegram.port}, chat at /t.me/<bot>, webhook to ${siteUrl}/api/telegram/webhook`,
    );
  } else {
    say("telegram: using TELEGRAM_API_URL (no stand-in)");
  }
} catch (error) {
  console.error("[stack] failed to start:", error instanceof Error ? error.message : error);
  await shutdown(1);
}
say("stack ready");

if (mode !== "stack") {
  const bin = path.join("node_modules", ".bin", "next");
  next = spawn(bin, [mode, ...passThrough], { stdio: "inherit", env: process.env });
  next.on("exit", (code) => void shutdown(code ?? 0));
}

/**
 * LOCAL_AUTH_SIGN_INS_PER_WINDOW / LOCAL_AUTH_SIGN_UPS_PER_WINDOW: the stand-in's per-address budgets
 * (a hosted project's defaults otherwise). The end-to-end stack raises them: there every visitor's
 * browser reaches the stand-in from the one loopback address, where each person has their own.
 */
function authIpBudgetsFromEnv(): { signInsPerWindow?: number; signUpsPerWindow?: number } {
  const budget = (name: string) => {
    const value = process.env[name]?.trim();
    if (!value) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number of requests`);
    return parsed;
  };
  const signInsPerWindow = budget("LOCAL_AUTH_SIGN_INS_PER_WINDOW");
  const signUpsPerWindow = budget("LOCAL_AUTH_SIGN_UPS_PER_WINDOW");
  return { ...(signInsPerWindow ? { signInsPerWindow } : {}), ...(signUpsPerWindow ? { signUpsPerWindow } : {}) };
}
