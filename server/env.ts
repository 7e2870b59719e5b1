import "server-only";
import { z } from "zod";
import { builtPublicEnv, readPublicEnv, type PublicEnv } from "@/lib/public-env";
import {
  BUILT_VALUES,
  CLIENT_ADDRESS_HEADERS,
  COMMITTED_LOCAL_KEYS,
  HTTP_SERVICES,
  isLoopback,
  LOCAL_DATABASE_URL,
  LOCAL_SMTP_URL,
  LOCAL_TELEGRAM_API_URL,
  LOCAL_TELEGRAM_LINK_URL,
  STRIPE_API_URL,
} from "./env-constants";

// The only reader of server-side environment variables. Defaults point at the embedded
// stack (local/), so a fresh checkout runs with nothing configured.

const serverEnvSchema = z.object({
  APP_ENV: z.enum(["local", "development", "production"]).default("local"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default(LOCAL_DATABASE_URL),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  // Named prepared statements (parsed and planned once per connection). Unset: only on the embedded
  // database; a transaction-mode pooler (Supabase's on 6543) keeps none, so say "true" only for a
  // direct connection or a pooler that supports them.
  DATABASE_PREPARE: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : undefined),
    z.enum(["true", "false"]).optional(),
  ),
  // A file to append every statement the app sends to (its text, parameters and their types), one JSON
  // line each: for finding a request's slowest statement and its plan (npm run bench -- --scale).
  // Unset in production; it costs a synchronous write per statement.
  DATABASE_STATEMENT_LOG: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default(LOCAL_SMTP_URL),
  MAIL_FROM: z.string().min(3).default("Glucose Challenge <hello@glucosechallenge.app>"),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20, "SUPABASE_SERVICE_ROLE_KEY is required"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, "STRIPE_SECRET_KEY must be a Stripe secret key"),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_]{8,}$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret"),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default(STRIPE_API_URL),
  // An existing 8% exclusive tax rate to charge (D1); empty: found or created on first checkout.
  STRIPE_TAX_RATE_ID: z.union([z.literal(""), z.string().regex(/^txr_[A-Za-z0-9]+$/)]).default(""),
  // D5: the discount an affiliate's coupon gives the buyer, in percent off the first payment.
  AFFILIATE_COUPON_PERCENT_OFF: z.coerce.number().int().min(1).max(100).default(10),
  API_BASE_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  // How long one instance reuses the public reads (the cohort list, one cohort, the pledge count) it made (ms); 0 reads on every request.
  PUBLIC_READ_CACHE_MS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).max(60_000).default(1000),
  ),
  // Admission control for the expensive public writes (the pledge), per process and per route: how many
  // run at once, how many wait for a turn and how long (ms); past them the request is answered 503
  // "busy" with Retry-After at once, having done nothing. Unset: from the database pool (publicWriteAdmission).
  PUBLIC_WRITE_MAX_CONCURRENT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(1000).optional(),
  ),
  PUBLIC_WRITE_MAX_QUEUED: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).max(10_000).optional(),
  ),
  PUBLIC_WRITE_MAX_WAIT_MS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).max(60_000).default(5000),
  ),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Unset is "none" locally; production must say which header its host sets (or "none").
  TRUSTED_CLIENT_IP_HEADER: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : undefined),
    z.enum(CLIENT_ADDRESS_HEADERS).optional(),
  ),
  // With x-forwarded-for: how many proxies of ours append to it (the client's address is that many
  // entries from the right; entries further left were sent by the client and are not believed).
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(1).max(10).default(1),
  // D7: an OpenAI-compatible chat completions endpoint (the full URL) writes social posts when set;
  // empty: the local generator does. The local generator also answers when the endpoint fails.
  POST_GENERATOR_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  POST_GENERATOR_API_KEY: z.string().default(""),
  POST_GENERATOR_MODEL: z.string().min(1).max(200).default("gpt-4o-mini"),
  POST_GENERATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // The endpoint is called at most this many times in 24 hours; past it the local generator writes posts.
  POST_GENERATOR_DAILY_CALLS: z.coerce.number().int().min(0).max(1_000_000).default(500),
  // Story video bytes announced per UTC day, per client address and in total; past them no upload URL is issued.
  STORY_UPLOAD_DAILY_BYTES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(500 * 1024 * 1024),
  STORY_UPLOAD_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 * 1024 * 1024),
  // D15: the coach bot. The Bot API (TELEGRAM_API_URL), its token, the secret Telegram
  // sends back in X-Telegram-Bot-Api-Secret-Token, the bot's username and where t.me links point.
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default(LOCAL_TELEGRAM_API_URL),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, "TELEGRAM_BOT_TOKEN must be a bot token")
    .default(COMMITTED_LOCAL_KEYS.TELEGRAM_BOT_TOKEN),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, "TELEGRAM_WEBHOOK_SECRET must be 16-256 letters, digits, _ or -")
    .default(COMMITTED_LOCAL_KEYS.TELEGRAM_WEBHOOK_SECRET),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/)
    .default("GlucoseCoachBot"),
  TELEGRAM_LINK_URL: z.url({ protocol: /^https?$/ }).default(LOCAL_TELEGRAM_LINK_URL),
  // D16: the job engine. "in-process" runs its workers and schedule inside each app process;
  // "off" only queues work, for web instances beside a separate `npm run worker`.
  JOB_WORKERS: z.enum(["in-process", "off"]).default("in-process"),
  // How often an idle worker looks for new work (a worker in this process is also woken at once).
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // The first retry's delay; each later one doubles (with jitter), so 12 retries span about 3 days.
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // D20: where a worker process (npm run worker, .next/worker.mjs) answers its liveness and readiness
  // checks; "off" serves none. The web server answers them on PORT.
  WORKER_HEALTH_PORT: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    z.union([z.literal("off"), z.coerce.number().int().min(0).max(65_535)]).default(3001),
  ),
  // How often a job whose worker died (or hangs past its time limit) is found and retried.
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** The port a URL names, or its scheme's default. */
function portOf(url: URL): string {
  return (
    url.port ||
    { "https:": "443", "http:": "80", "smtps:": "465", "smtp:": "587", "postgres:": "5432", "postgresql:": "5432" }[url.protocol] ||
    ""
  );
}

/**
 * What production refuses: a service unset, on this machine or on the embedded stack, plain http,
 * committed keys, public values other than the build's, an unset client address header.
 */
function productionProblems(raw: Record<string, string | undefined>, env: ServerEnv, publicValues: PublicEnv, built: PublicEnv): string[] {
  const problems: string[] = [];
  const given = (name: string) => (raw[name] ?? "").trim() !== "";
  const urls: Record<(typeof HTTP_SERVICES)[number], string> = {
    NEXT_PUBLIC_SITE_URL: publicValues.siteUrl,
    NEXT_PUBLIC_SUPABASE_URL: publicValues.supabaseUrl,
    STRIPE_API_URL: env.STRIPE_API_URL,
    TELEGRAM_API_URL: env.TELEGRAM_API_URL,
    TELEGRAM_LINK_URL: env.TELEGRAM_LINK_URL,
  };
  const unset = ["DATABASE_URL", "SMTP_URL", "NEXT_PUBLIC_SITE_URL", "NEXT_PUBLIC_SUPABASE_URL", "NEXT_PUBLIC_SUPABASE_ANON_KEY"].filter(
    (name) => !given(name),
  );
  if (unset.length > 0) problems.push(`${unset.join(", ")} not set`);
  const local: string[] = HTTP_SERVICES.filter((name) => !unset.includes(name) && isLoopback(new URL(urls[name]).hostname));
  // A database or mail relay on this machine can be real (a pooler or relay beside the app); the embedded stack's ports are not.
  for (const [name, value, embedded] of [
    ["DATABASE_URL", env.DATABASE_URL, LOCAL_DATABASE_URL],
    ["SMTP_URL", env.SMTP_URL, LOCAL_SMTP_URL],
  ] as const) {
    const url = new URL(value);
    if (given(name) && isLoopback(url.hostname) && portOf(url) === portOf(new URL(embedded))) local.push(name);
  }
  if (local.length > 0) problems.push(`${local.join(", ")} still point at the embedded stack (this machine)`);
  const plain = HTTP_SERVICES.filter((name) => !unset.includes(name) && !local.includes(name) && new URL(urls[name]).protocol !== "https:");
  // Session cookies are Secure exactly when the site is https (lib/auth/session-cookie.ts).
  if (plain.length > 0) problems.push(`${plain.join(", ")} not https`);
  const values: Record<string, unknown> = { ...env, NEXT_PUBLIC_SUPABASE_ANON_KEY: publicValues.supabaseAnonKey };
  const committed = Object.entries(COMMITTED_LOCAL_KEYS)
    .filter(([name, value]) => values[name] === value)
    .map(([name]) => name);
  if (committed.length > 0) problems.push(`${committed.join(", ")} still hold the committed local value`);
  const differ = BUILT_VALUES.filter(([name, key]) => given(name) && built[key] !== publicValues[key]).map(([name]) => name);
  if (differ.length > 0) {
    problems.push(
      `${differ.join(", ")} differ from the values the pages were built with (build again with the values the server runs with)`,
    );
  }
  if (!env.TRUSTED_CLIENT_IP_HEADER) problems.push("TRUSTED_CLIENT_IP_HEADER is not set (name the header your host sets, or none)");
  // It writes every statement's parameters (addresses, hashes) to a file.
  if (env.DATABASE_STATEMENT_LOG) problems.push("DATABASE_STATEMENT_LOG is set (a benchmark's diagnostic)");
  return problems;
}

/**
 * Validates an environment (process.env in the app); throws with every problem listed. The public
 * values are read from the same environment; `built` are the ones the pages were built with.
 */
export function parseServerEnv(
  raw: Record<string, string | undefined>,
  publicValues: PublicEnv = readPublicEnv(raw),
  built: PublicEnv = builtPublicEnv,
): ServerEnv {
  const parsed = serverEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.APP_ENV === "production") {
    const problems = productionProblems(raw, env, publicValues, built);
    if (problems.length > 0) throw new Error(`APP_ENV=production refuses to start: ${problems.join("; ")}`);
  }
  return env;
}

let cached: ServerEnv | undefined;

/** Validated server environment, read once per process. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Whether queries use named prepared statements: DATABASE_PREPARE, else only on the embedded database. */
export function databasePreparedStatements(env: ServerEnv = serverEnv()): boolean {
  if (env.DATABASE_PREPARE) return env.DATABASE_PREPARE === "true";
  return env.DATABASE_URL === LOCAL_DATABASE_URL;
}

/** PGlite serves one connection at a time, so the pool is 1 against the embedded database. */
export function databasePoolSize(env: ServerEnv = serverEnv()): number {
  if (env.DATABASE_POOL_MAX) return env.DATABASE_POOL_MAX;
  return env.DATABASE_URL === LOCAL_DATABASE_URL ? 1 : 10;
}

/**
 * The admission limits of an expensive public write (server/http/admission.ts), unless set: all but
 * two of the pool's connections at once (at least one), so the reads that share the pool (the pledge
 * count's refresh, sign-ins) still get one while pledges pour in, and four times that waiting (at
 * least 16) for up to PUBLIC_WRITE_MAX_WAIT_MS: a queue that drains in well under a second at a
 * pledge's few milliseconds, instead of the pool's, where a request waits until it times out.
 */
export function publicWriteAdmission(env: ServerEnv = serverEnv()): { maxConcurrent: number; maxQueued: number; maxWaitMs: number } {
  const maxConcurrent = env.PUBLIC_WRITE_MAX_CONCURRENT ?? Math.max(1, databasePoolSize(env) - 2);
  const maxQueued = env.PUBLIC_WRITE_MAX_QUEUED ?? Math.max(16, maxConcurrent * 4);
  return { maxConcurrent, maxQueued, maxWaitMs: env.PUBLIC_WRITE_MAX_WAIT_MS };
}
