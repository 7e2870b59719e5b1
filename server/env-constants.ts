// The fixed values the server's environment is read and checked against: local defaults, committed keys, production's services.

export const LOCAL_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:54322/postgres";
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:54325";
export const LOCAL_SUPABASE_URL = "http://localhost:54321";
export const LOCAL_STRIPE_API_URL = "http://localhost:12111";
export const STRIPE_API_URL = "https://api.stripe.com";
// D15: the Telegram stand-in (local/telegram/) serves the Bot API, the login widget and t.me links.
export const LOCAL_TELEGRAM_API_URL = "http://localhost:54330";
export const LOCAL_TELEGRAM_LINK_URL = "http://localhost:54330/t.me";

// The keys committed in .env: local-only, meaningless to any real service, and public. Production
// refuses every one of them (the committed webhook secret would let anyone sign a forged event).
export const COMMITTED_LOCAL_KEYS = {
  NEXT_PUBLIC_SUPABASE_ANON_KEY: "sb_publishable_local_glucosechallenge_anon_key_0000",
  SUPABASE_SERVICE_ROLE_KEY: "sb_secret_local_glucosechallenge_service_key_00000",
  STRIPE_SECRET_KEY: "sk_test_local_glucosechallenge_0000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_local_glucosechallenge_0000000000",
  TELEGRAM_BOT_TOKEN: "1000000001:local_glucosechallenge_bot_token_0000",
  TELEGRAM_WEBHOOK_SECRET: "local_glucosechallenge_telegram_webhook_secret_0000",
} as const;

// D13: the request header that carries the client's address, as the host in front of the app sets
// it. A client can send any header itself, so only the one the host sets (or overwrites) is read.
export const CLIENT_ADDRESS_HEADERS = [
  "none",
  "x-forwarded-for",
  "x-real-ip",
  "cf-connecting-ip",
  "true-client-ip",
  "fly-client-ip",
  "x-vercel-forwarded-for",
] as const;
export type ClientAddressHeader = (typeof CLIENT_ADDRESS_HEADERS)[number];

// The services production reaches over HTTP: each must be set (or have a real default), https and not this machine.
export const HTTP_SERVICES = [
  "NEXT_PUBLIC_SITE_URL",
  "NEXT_PUBLIC_SUPABASE_URL",
  "STRIPE_API_URL",
  "TELEGRAM_API_URL",
  "TELEGRAM_LINK_URL",
] as const;
// The public values a page is built with: the web server's run-time values must be the build's.
export const BUILT_VALUES = [
  ["NEXT_PUBLIC_SITE_URL", "siteUrl"],
  ["NEXT_PUBLIC_SUPABASE_URL", "supabaseUrl"],
  ["NEXT_PUBLIC_SUPABASE_ANON_KEY", "supabaseAnonKey"],
] as const;

/** A host that is this machine (or no machine another can reach): the embedded stack's, or nothing a production process can mean. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || host === "0.0.0.0" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
