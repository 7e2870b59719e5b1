import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import postgres, { type Sql } from "postgres";
import { adminRoutes } from "./admin-routes";
import type { AuthContext, RequestContext, Route } from "./auth-context";
import { AuthError } from "./auth-error";
import { readJsonBody, sbForwardedFor, sendError, sendJson, socketAddress, type JsonBody } from "./auth-http";
import { AuthMailer } from "./auth-mailer";
import { FlowStore } from "./flow-store";
import { googleRoutes } from "./google-routes";
import { otpRoutes } from "./otp-routes";
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from "./rate-limiter";
import { SessionStore } from "./session-store";
import { SigningKey } from "./signing-key";
import { signupRoutes } from "./signup-routes";
import { tokenRoutes } from "./token-routes";
import { userRoutes } from "./user-routes";
import { verifyRoutes } from "./verify-routes";
import { UserStore } from "./user-store";
import { listenOnLoopback } from "../listen";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { STORAGE_PREFIX, createStorageHandler } from "../storage/storage-handler";
import { BOOTSTRAP_FILE } from "../../scripts/migrate";

export type AuthOptions = {
  port: number;
  databaseUrl: string;
  smtpUrl: string;
  dataDir?: string;
  siteUrl: string;
  publicUrl?: string;
  anonKey: string;
  serviceRoleKey: string;
  rateLimits?: Partial<RateLimits>;
  /** Honour Sb-Forwarded-For on secret-key requests (off by default, as in Supabase). */
  sbForwardedForEnabled?: boolean;
  mailFrom?: string;
  /** Milliseconds since the epoch; tests inject a clock they can move. */
  now?: () => number;
  /** The Storage stand-in's project-wide upload limit in bytes (default 500 MB). */
  storageFileSizeLimit?: number;
};
export type AuthStandIn = { port: number; url: string; stop: () => Promise<void> };

const PREFIX = "/auth/v1";

const generalRoutes: Route[] = [
  {
    method: "GET",
    path: "/health",
    open: true,
    handle: async (rc) =>
      sendJson(rc.res, 200, { version: "local", name: "GoTrue", description: "GoTrue is a user registration and authentication API" }),
  },
  {
    method: "GET",
    path: "/settings",
    handle: async (rc) =>
      sendJson(rc.res, 200, {
        external: { anonymous_users: true, email: true, phone: false, google: true },
        disable_signup: false,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
      }),
  },
  { method: "GET", path: "/.well-known/jwks.json", open: true, handle: async (rc) => sendJson(rc.res, 200, rc.auth.key.jwks()) },
];
const ROUTES = [
  ...generalRoutes,
  ...signupRoutes,
  ...tokenRoutes,
  ...otpRoutes,
  ...verifyRoutes,
  ...userRoutes,
  ...googleRoutes,
  ...adminRoutes,
];

/** Older local databases were bootstrapped before the auth tables existed: add them (the bootstrap is idempotent). */
async function ensureAuthTables(sql: Sql): Promise<void> {
  const [row] = await sql<{ ok: boolean }[]>`select to_regclass('auth.mfa_amr_claims') is not null as ok`;
  if (!row?.ok) await sql.unsafe(await readFile(BOOTSTRAP_FILE, "utf8"));
}

function match(method: string, pathname: string): { route: Route; params: string[] } | "wrong-method" | null {
  let wrongMethod = false;
  for (const route of ROUTES) {
    const found = typeof route.path === "string" ? (route.path === pathname ? [pathname] : null) : route.path.exec(pathname);
    if (!found) continue;
    if (route.method === method) return { route, params: found.slice(1).map((p) => decodeURIComponent(p ?? "")) };
    wrongMethod = true;
  }
  return wrongMethod ? "wrong-method" : null;
}

function cors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-expose-headers", "x-sb-error-code, retry-after");
  if (req.method !== "OPTIONS") return false;
  res.writeHead(204, {
    "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
    "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "authorization, apikey, content-type, x-client-info",
    "access-control-max-age": "3600",
  });
  res.end();
  return true;
}

type StorageHandler = ReturnType<typeof createStorageHandler>;

async function handle(auth: AuthContext, storage: StorageHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (cors(req, res)) return;
  const url = new URL(req.url ?? "/", "http://auth.local");
  // Supabase serves Storage from the same project URL: the Storage stand-in answers /storage/v1 here.
  if (url.pathname === STORAGE_PREFIX || url.pathname.startsWith(`${STORAGE_PREFIX}/`)) return storage(req, res, url);
  const pathname = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) || "/" : null;
  const found = pathname === null ? null : match(req.method ?? "GET", pathname);
  if (found === null) return sendError(res, new AuthError(404, "not_found", "Not Found"));
  if (found === "wrong-method") return sendError(res, new AuthError(405, "method_not_allowed", "Method Not Allowed"));

  const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get("apikey") ?? undefined;
  const role = apikey === auth.config.serviceRoleKey ? "service_role" : apikey === auth.config.anonKey ? "anon" : "none";
  if (role === "none" && !found.route.open) {
    return apikey
      ? sendJson(res, 401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." })
      : sendJson(res, 401, { message: "No API key found in request", hint: "No `apikey` request header or url param was found." });
  }
  let body: Promise<JsonBody> | undefined;
  // Supabase honours Sb-Forwarded-For only when enabled and only from a caller holding the secret
  // key (a server acting for its visitor); publishable-key requests cannot name another address.
  const forwarded = auth.config.sbForwardedForEnabled && role === "service_role" ? sbForwardedFor(req) : undefined;
  const ip = forwarded ?? socketAddress(req);
  const rc: RequestContext = { auth, req, res, url, ip, role, body: () => (body ??= readJsonBody(req)) };
  await found.route.handle(rc, found.params);
}

/** The local Supabase Auth (GoTrue) stand-in: the /auth/v1 API supabase-js calls, on auth.* tables in Postgres. */
export async function startAuth(options: AuthOptions): Promise<AuthStandIn> {
  const sql = postgres(options.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  await ensureAuthTables(sql);
  const now = options.now ?? Date.now;
  const date = () => new Date(now());
  const mailer = new AuthMailer(options.smtpUrl, options.mailFrom ?? "Local Auth <noreply@localhost>");
  const server = createServer();
  const port = await listenOnLoopback(server, options.port);
  const publicUrl = (options.publicUrl ?? `http://127.0.0.1:${port}`).replace(/\/+$/, "");
  const auth: AuthContext = {
    config: {
      siteUrl: options.siteUrl,
      publicUrl,
      issuer: `${publicUrl}${PREFIX}`,
      anonKey: options.anonKey,
      serviceRoleKey: options.serviceRoleKey,
      sbForwardedForEnabled: options.sbForwardedForEnabled ?? false,
    },
    users: new UserStore(sql, date),
    sessions: new SessionStore(sql, date),
    flows: new FlowStore(sql, date),
    key: await SigningKey.load(options.dataDir),
    mailer,
    limiter: new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, now),
    now,
  };
  const storage = createStorageHandler({
    root: options.dataDir ? path.join(options.dataDir, "storage") : mkdtempSync(path.join(tmpdir(), "local-storage-")),
    anonKey: options.anonKey,
    serviceRoleKey: options.serviceRoleKey,
    globalFileSizeLimit: options.storageFileSizeLimit,
    now,
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handle(auth, storage, req, res).catch((error: unknown) => {
      if (error instanceof AuthError) return sendError(res, error);
      console.error("[auth] request failed:", error);
      if (!res.headersSent) {
        sendError(res, new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"));
      } else res.end();
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      mailer.close();
      await sql.end({ timeout: 5 });
    },
  };
}
