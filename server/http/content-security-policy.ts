import { createHash, randomBytes } from "node:crypto";

// Used by proxy.ts, so it imports nothing server-only.

export type PolicyOptions = {
  /** Where scripts may come from besides our own origin: 'nonce-…' and 'sha256-…' sources. */
  scriptSources: readonly string[];
  siteUrl: string;
  /** The auth service the browser talks to (session refresh, JWKS) and may be sent to. */
  supabaseUrl: string;
  /** The promo video, when it is hosted elsewhere. */
  promoVideoUrl?: string;
  development: boolean;
  /** Telegram's login widget (its frame and the user's photo), on the widget test page only. */
  telegramLogin?: boolean;
};

// The real login widget draws itself in a frame from oauth.telegram.org and hands over a photo on t.me.
const TELEGRAM_LOGIN_FRAME = "https://oauth.telegram.org";
const TELEGRAM_PHOTOS = "https://t.me";

const origin = (url: string | undefined) => (url ? [new URL(url).origin] : []);

type Directive = [string, ...string[]];

// What every response locks down, whatever it is: no plugins, no <base>, never framed.
const LOCKDOWN: readonly Directive[] = [
  ["object-src", "'none'"],
  ["base-uri", "'none'"],
  ["frame-ancestors", "'none'"],
];

const serialize = (directives: readonly Directive[]) => directives.map((directive) => directive.join(" ")).join("; ");

/**
 * The policy of responses the proxy does not answer (API routes, built assets, public files), set
 * by next.config.ts: the pages' lockdown directives, the same values, so no response disagrees.
 */
export const BASELINE_POLICY = serialize(LOCKDOWN);

/**
 * The pages' Content-Security-Policy. Scripts run only from our origin or when the page's own
 * nonce or hash vouches for them; no 'unsafe-inline', so an injected inline script does not run.
 * Styles keep 'unsafe-inline' (React writes style attributes; a style cannot run code).
 */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const https = new URL(options.siteUrl).protocol === "https:";
  const directives: Directive[] = [
    ["default-src", "'self'"],
    // React uses eval in development only, for its debugging information.
    ["script-src", "'self'", ...options.scriptSources, ...(options.development ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...(options.telegramLogin ? [TELEGRAM_PHOTOS] : [])],
    ["font-src", "'self'"],
    // The dev server's hot reload talks over a WebSocket.
    ["connect-src", "'self'", ...origin(options.supabaseUrl), ...(options.development ? ["ws:"] : [])],
    // blob: plays back a campaign story just recorded or chosen, before it is uploaded.
    ["media-src", "'self'", "blob:", ...origin(options.promoVideoUrl)],
    // Forms post to us (the auth service's own pages carry their own policy).
    ["form-action", "'self'", ...origin(options.supabaseUrl)],
    ...LOCKDOWN,
    ...(options.telegramLogin ? [["frame-src", TELEGRAM_LOGIN_FRAME] as [string, string]] : []),
    ...(https ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return serialize(directives);
}

/** A fresh nonce for one dynamically rendered page. */
export function createNonce(): string {
  return randomBytes(18).toString("base64");
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JAVASCRIPT_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/**
 * The CSP hash sources of a page's inline scripts (those without src, of a JavaScript type); data
 * blocks such as application/ld+json never run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
