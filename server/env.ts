import "server-only";
import { z } from "zod";
import { publicEnv } from "@/lib/public-env";

// The only reader of server-side environment variables. Defaults point at the embedded
// stack (local/), so a fresh checkout runs with nothing configured.
export const LOCAL_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:54322/postgres";
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:54325";
export const LOCAL_SUPABASE_URL = "http://localhost:54321";
export const LOCAL_STRIPE_API_URL = "http://localhost:12111";
export const STRIPE_API_URL = "https://api.stripe.com";

const serverEnvSchema = z.object({
  APP_ENV: z.enum(["local", "development", "production"]).default("local"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default(LOCAL_DATABASE_URL),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default(LOCAL_SMTP_URL),
  MAIL_FROM: z.string().min(3).default("Glucose Challenge <hello@glucosechallenge.app>"),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20, "SUPABASE_SERVICE_ROLE_KEY is required"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, "STRIPE_SECRET_KEY must be a Stripe secret key"),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_]{8,}$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret"),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default(STRIPE_API_URL),
  // An existing 8% exclusive tax rate to charge (D1); empty: found or created on first checkout.
  STRIPE_TAX_RATE_ID: z.union([z.literal(""), z.string().regex(/^txr_[A-Za-z0-9]+$/)]).default(""),
  API_BASE_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // D7: an OpenAI-compatible chat completions endpoint (the full URL) writes social posts when set;
  // empty: the local generator does. The local generator also answers when the endpoint fails.
  POST_GENERATOR_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  POST_GENERATOR_API_KEY: z.string().default(""),
  POST_GENERATOR_MODEL: z.string().min(1).max(200).default("gpt-4o-mini"),
  POST_GENERATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

function readServerEnv(): ServerEnv {
  const parsed = serverEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.APP_ENV === "production") {
    const stillLocal = [
      env.DATABASE_URL === LOCAL_DATABASE_URL && "DATABASE_URL",
      env.SMTP_URL === LOCAL_SMTP_URL && "SMTP_URL",
      publicEnv.supabaseUrl === LOCAL_SUPABASE_URL && "NEXT_PUBLIC_SUPABASE_URL",
      env.STRIPE_API_URL === LOCAL_STRIPE_API_URL && "STRIPE_API_URL",
    ].filter(Boolean);
    if (stillLocal.length > 0) {
      throw new Error(`APP_ENV=production but ${stillLocal.join(", ")} still point at the embedded stack`);
    }
  }
  return env;
}

let cached: ServerEnv | undefined;

/** Validated server environment, read once per process. */
export function serverEnv(): ServerEnv {
  cached ??= readServerEnv();
  return cached;
}

/** PGlite serves one connection at a time, so the pool is 1 against the embedded database. */
export function databasePoolSize(env: ServerEnv = serverEnv()): number {
  if (env.DATABASE_POOL_MAX) return env.DATABASE_POOL_MAX;
  return env.DATABASE_URL === LOCAL_DATABASE_URL ? 1 : 10;
}
