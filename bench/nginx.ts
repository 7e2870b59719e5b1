import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { busyEnvelope } from "../lib/api/api-error-envelope";
import { sleep, startProcess } from "../tests/harness/processes";

// The HTTP cache and balancer in front of the web processes (docs/deploy.md, "A cache in front"):
// nginx with proxy_cache, keeping only what the app marks for shared caches (Cache-Control s-maxage,
// stale-while-revalidate), never an answer with Set-Cookie nor the answer to a signed-in request,
// and spreading requests over the web processes. The bench renders it here, the one place its rules live.

/** The session cookie @supabase/ssr writes (lib/auth/session-cookie.ts): sb-<project>-auth-token, and its chunks .0, .1 … */
export const SESSION_COOKIE_PATTERN = String.raw`(^|;)\s*sb-[^=;]+-auth-token(\.\d+)?=`;

export interface NginxOptions {
  /** The folder nginx runs in: its cache, temporary files, access log and pid file. */
  dir: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** The web processes' addresses ("127.0.0.1:3000"). */
  upstreams: string[];
  /** Addresses whose X-Real-IP is believed (the CDN or balancer in front); the bench's load generator on loopback. */
  trustedProxies: string[];
  /** Worker processes (the bench keeps one: the app's processes share the same two cores). */
  workerProcesses?: number | "auto";
  /** The user the workers run as when nginx is started as root (they write the cache in `dir`). */
  user?: string;
  /** Expensive public writes shed here past `inFlight` at once over all web processes (below); none without. */
  publicWrites?: PublicWriteShedding;
}

/**
 * Pledges past what the web processes run and hold in line between them are answered by nginx, at
 * once and as the app answers them (503 `busy`, Retry-After), so a crowd's refusals cost the app
 * nothing and a visitor's wait is bounded by the few let through.
 */
export interface PublicWriteShedding {
  /** The exact paths (POST to them is counted; GET, the cached count, is not). */
  paths: string[];
  /** POSTs to them in progress at once, over every web process; one more is turned away. */
  inFlight: number;
  /** The Retry-After nginx says, in whole seconds. */
  retryAfterSeconds: number;
}

/** A text as an nginx string literal (double-quoted); nginx has no escape for `$`, so one is refused. */
function nginxString(text: string): string {
  if (text.includes("$")) throw new Error(`an nginx string cannot hold "$": ${text}`);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The config: every rule of the cache in one place.
 * - What is kept, and for how long, is the app's to say: no proxy_cache_valid, so only answers whose
 *   Cache-Control (s-maxage before max-age) or Expires allow it are kept; `private`, `no-store` and
 *   `no-cache` answers never are. stale-while-revalidate is honoured, and an entry past its s-maxage is
 *   refreshed by one background request while the others get the stale copy (`updating`); concurrent
 *   misses of one key wait for a single request to the app (proxy_cache_lock).
 * - Never kept: an answer with Set-Cookie (nginx's default, stated again in proxy_no_cache), and the
 *   answer to a request with the session cookie or an Authorization header, which also never gets a
 *   kept answer (proxy_cache_bypass): a signed-in page or a member's data is the app's to answer.
 *   The referral visitor cookie is not a reason to bypass: only POST routes read it, and POST is never cached.
 * - The client's address: X-Real-IP from a trusted proxy (real_ip), passed on as X-Real-IP
 *   (the app's TRUSTED_CLIENT_IP_HEADER=x-real-ip).
 */
export function renderNginxConfig(options: NginxOptions): string {
  const { dir, port, upstreams, trustedProxies } = options;
  if (upstreams.length === 0) throw new Error("nginx needs at least one web process to send requests to");
  const at = (name: string) => path.join(dir, name);
  const writes = options.publicWrites;
  // A zone counting POSTs only: limit_conn leaves a request with an empty key uncounted.
  const sheddingZone = writes
    ? `  map $request_method $public_write {
    POST public-write;
    default "";
  }
  limit_conn_zone $public_write zone=public_writes:1m;

`
    : "";
  const shedding = writes
    ? `
${writes.paths
  .map(
    (exact) => `    location = ${exact} {
      proxy_pass http://web;
      limit_conn public_writes ${writes.inFlight};
      limit_conn_status 503;
      limit_conn_log_level info;
      error_page 503 = @busy;
    }
`,
  )
  .join("")}
    # The app's own busy answer (server/http/admission.ts): nothing was done, send it again as it is.
    location @busy {
      default_type application/json;
      add_header Retry-After ${Math.max(1, Math.round(writes.retryAfterSeconds))} always;
      add_header Cache-Control "no-store" always;
      return 503 ${nginxString(JSON.stringify(busyEnvelope()))};
    }
`
    : "";
  return `# Rendered by bench/nginx.ts: the cache and balancer in front of the web processes.
${options.user ? `user ${options.user};\n` : ""}worker_processes ${options.workerProcesses ?? 1};
daemon off;
pid ${at("nginx.pid")};
error_log stderr warn;

events {
  worker_connections 4096;
}

http {
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${at("client-body")};
  proxy_temp_path ${at("proxy-temp")};
  fastcgi_temp_path ${at("fastcgi-temp")};
  uwsgi_temp_path ${at("uwsgi-temp")};
  scgi_temp_path ${at("scgi-temp")};

  # Which requests reached the app: $upstream_addr is "-" for an answer from the cache. Background
  # refreshes are subrequests, logged too.
  log_format cache '$msec $upstream_cache_status $status $request_method "$request_uri" "$upstream_addr"';
  access_log ${at("access.log")} cache buffer=64k flush=1s;
  log_subrequest on;

${sheddingZone}  proxy_cache_path ${at("cache")} levels=1:2 keys_zone=app:16m max_size=512m inactive=10m use_temp_path=off;

  # A signed-in request: the session cookie, or a token in Authorization.
  map $http_cookie $session_cookie {
    default 0;
    "~${SESSION_COOKIE_PATTERN}" 1;
  }

  upstream web {
    least_conn;
${upstreams.map((address) => `    server ${address} max_fails=0;`).join("\n")}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port} backlog=4096;
    client_max_body_size 10m;

${trustedProxies.map((address) => `    set_real_ip_from ${address};`).join("\n")}
    real_ip_header X-Real-IP;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;

    proxy_cache app;
    proxy_cache_key "$scheme://$http_host$request_uri";
    proxy_cache_methods GET HEAD;
    proxy_cache_bypass $session_cookie $http_authorization;
    proxy_no_cache $session_cookie $http_authorization $upstream_http_set_cookie;
    proxy_cache_revalidate on;
    proxy_cache_background_update on;
    proxy_cache_use_stale updating error timeout http_502 http_503 http_504;
    proxy_cache_lock on;
    proxy_cache_lock_age 5s;
    proxy_cache_lock_timeout 5s;
    add_header X-Cache $upstream_cache_status always;

    location / {
      proxy_pass http://web;
    }
${shedding}  }
}
`;
}

/** The nginx binary: NGINX when set, else the first on PATH or in /usr/sbin; null when none is installed. */
export function findNginx(): string | null {
  if (process.env.NGINX) return existsSync(process.env.NGINX) ? process.env.NGINX : null;
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs) {
    const candidate = path.join(dir, "nginx");
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export interface RunningNginx {
  baseUrl: string;
  dir: string;
  accessLog: string;
  stop: () => Promise<void>;
}

/** Renders the config into `options.dir`, checks it (nginx -t) and starts nginx in the foreground; resolves once it answers. */
export async function startNginx(binary: string, options: Omit<NginxOptions, "user">, name = "nginx"): Promise<RunningNginx> {
  for (const sub of ["cache", "client-body", "proxy-temp", "fastcgi-temp", "uwsgi-temp", "scgi-temp"])
    mkdirSync(path.join(options.dir, sub), { recursive: true });
  const user = process.getuid?.() === 0 ? os.userInfo().username : undefined;
  const config = path.join(options.dir, "nginx.conf");
  writeFileSync(config, renderNginxConfig({ ...options, ...(user ? { user } : {}) }));
  const args = ["-e", "stderr", "-p", options.dir, "-c", config];
  try {
    execFileSync(binary, [...args, "-t", "-q"], { stdio: "pipe" });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    throw new Error(`nginx refused its config (${config}):\n${stderr}`);
  }
  const proc = startProcess({ name, command: binary, args, cwd: options.dir });
  let gone = false;
  void proc.exited.then(() => {
    gone = true;
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(5000) }).then((r) => r.arrayBuffer());
      break;
    } catch {
      // Not listening yet.
    }
    if (gone || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${name} did not start:\n${proc.tail()}`);
    }
    await sleep(100);
  }
  return { baseUrl, dir: options.dir, accessLog: path.join(options.dir, "access.log"), stop: proc.stop };
}

export interface LogLine {
  cacheStatus: string;
  status: number;
  method: string;
  uri: string;
  /** Whether the app answered it (an upstream address), rather than the cache. */
  fromApp: boolean;
}

export function parseAccessLog(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of text.split("\n")) {
    const match = /^\S+ (\S+) (\d+) (\S+) "([^"]*)" "([^"]*)"$/.exec(line);
    if (!match) continue;
    lines.push({
      cacheStatus: match[1]!,
      status: Number(match[2]),
      method: match[3]!,
      uri: match[4]!,
      fromApp: match[5] !== "-" && match[5] !== "",
    });
  }
  return lines;
}

/** The access log's lines written from byte `offset` on (nginx flushes its buffer every second: wait past that first). */
export function readAccessLog(file: string, offset = 0): { lines: LogLine[]; size: number } {
  if (!existsSync(file)) return { lines: [], size: 0 };
  const buffer = readFileSync(file);
  return { lines: parseAccessLog(buffer.subarray(offset).toString("utf8")), size: buffer.length };
}

export function accessLogSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

export interface CachedEntry {
  key: string;
  status: string;
  cacheControl: string | null;
  setCookie: boolean;
}

/** What the cache holds: each entry's key and the answer's status line, Cache-Control and whether it had Set-Cookie. */
export function cacheEntries(cacheDir: string): CachedEntry[] {
  const entries: CachedEntry[] = [];
  const walk = (dir: string): void => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, item.name);
      if (item.isDirectory()) walk(file);
      else if (item.isFile() && !item.name.includes(".")) {
        // A cache file: a binary header, "\nKEY: <key>\n", then the answer's status line and headers as received.
        const text = readFileSync(file).toString("latin1");
        const key = /\nKEY: ([^\n]*)\n/.exec(text)?.[1];
        if (!key) continue;
        const head = text.slice(text.indexOf(`KEY: ${key}`)).split("\r\n\r\n")[0] ?? "";
        const lines = head.split("\r\n");
        const header = (name: string) =>
          lines
            .find((line) => line.toLowerCase().startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim() ?? null;
        entries.push({
          key,
          status: (lines[0] ?? "").split("\n")[1] ?? "",
          cacheControl: header("cache-control"),
          setCookie: header("set-cookie") !== null,
        });
      }
    }
  };
  if (existsSync(cacheDir)) walk(cacheDir);
  return entries;
}
