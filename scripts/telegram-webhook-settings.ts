// What `npm run telegram:webhook` registers, and what it refuses: the committed .env holds the
// embedded stack's values (the Telegram stand-in, a site on this machine, local-only keys), and a
// webhook registered with them would point Telegram at nothing, or sign updates with a public secret.
import { COMMITTED_LOCAL_KEYS, isLoopback, LOCAL_TELEGRAM_API_URL } from "../server/env-constants";

export const TELEGRAM_BOT_API_URL = "https://api.telegram.org";

export type WebhookSettings = { token: string; secret: string; apiRoot: string; webhookUrl: string };

export type WebhookSettingsResult = { ok: true; settings: WebhookSettings } | { ok: false; problems: string[] };

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The webhook `env` describes: {NEXT_PUBLIC_SITE_URL}/api/telegram/webhook, registered through
 * TELEGRAM_API_URL (Telegram's own when unset) with TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET.
 * Unless `local` (the embedded stack), refuses a site or Bot API on this machine or the stand-in's,
 * a site that is not https and the committed local token or secret, naming each.
 */
export function webhookSettings(env: Record<string, string | undefined>, options: { local: boolean }): WebhookSettingsResult {
  const value = (name: string) => (env[name] ?? "").trim();
  const token = value("TELEGRAM_BOT_TOKEN");
  const secret = value("TELEGRAM_WEBHOOK_SECRET");
  const siteText = value("NEXT_PUBLIC_SITE_URL").replace(/\/+$/, "");
  const apiText = (value("TELEGRAM_API_URL") || TELEGRAM_BOT_API_URL).replace(/\/+$/, "");
  const problems: string[] = [];

  const unset = (["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "NEXT_PUBLIC_SITE_URL"] as const).filter((name) => !value(name));
  if (unset.length > 0) problems.push(`${unset.join(", ")} not set`);
  if (token && !/^\d{1,20}:[A-Za-z0-9_-]{20,}$/.test(token))
    problems.push("TELEGRAM_BOT_TOKEN is not a bot token (digits, a colon, then the key)");
  if (secret && !/^[A-Za-z0-9_-]{16,256}$/.test(secret)) problems.push("TELEGRAM_WEBHOOK_SECRET must be 16-256 letters, digits, _ or -");

  const site = siteText ? parseUrl(siteText) : undefined;
  const api = parseUrl(apiText);
  if (siteText && (!site || !/^https?:$/.test(site.protocol))) problems.push(`NEXT_PUBLIC_SITE_URL is not an http(s) URL: ${siteText}`);
  if (!api || !/^https?:$/.test(api.protocol)) problems.push(`TELEGRAM_API_URL is not an http(s) URL: ${apiText}`);

  if (!options.local) {
    if (site && isLoopback(site.hostname)) problems.push(`NEXT_PUBLIC_SITE_URL is on this machine (${siteText}): Telegram cannot reach it`);
    else if (site && site.protocol !== "https:")
      problems.push(`NEXT_PUBLIC_SITE_URL is not https (${siteText}): Telegram delivers webhooks only to https`);
    if (api && (isLoopback(api.hostname) || apiText === LOCAL_TELEGRAM_API_URL)) {
      const what = apiText === LOCAL_TELEGRAM_API_URL ? "the embedded stack's Telegram stand-in" : "on this machine";
      problems.push(`TELEGRAM_API_URL is ${what} (${apiText}): leave it unset or set it to ${TELEGRAM_BOT_API_URL}`);
    }
    if (token === COMMITTED_LOCAL_KEYS.TELEGRAM_BOT_TOKEN) problems.push("TELEGRAM_BOT_TOKEN still holds the committed local value");
    if (secret === COMMITTED_LOCAL_KEYS.TELEGRAM_WEBHOOK_SECRET) {
      problems.push("TELEGRAM_WEBHOOK_SECRET still holds the committed local value (public: anyone could sign updates)");
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, settings: { token, secret, apiRoot: apiText, webhookUrl: `${siteText}/api/telegram/webhook` } };
}
