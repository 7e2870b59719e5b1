import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMaxAge } from "../../../bench/front";
import {
  cacheEntries,
  findNginx,
  parseAccessLog,
  readAccessLog,
  renderNginxConfig,
  SESSION_COOKIE_PATTERN,
  startNginx,
  type RunningNginx,
} from "../../../bench/nginx";
import { cleanupAll, freePort, sleep } from "../../harness/processes";
import { apiErrorEnvelopeSchema, busyEnvelope } from "@/lib/api/api-error-envelope";
import { sessionCookieName } from "@/lib/auth/session-cookie";

const config = renderNginxConfig({
  dir: "/tmp/front",
  port: 8080,
  upstreams: ["127.0.0.1:3000", "127.0.0.1:3001"],
  trustedProxies: ["127.0.0.1"],
});
const directive = (name: string) =>
  config
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`${name} `));

describe("the cache in front's config", () => {
  it("keeps only what the app's Cache-Control allows: no validity of its own, no header ignored", () => {
    expect(config).not.toMatch(/proxy_cache_valid|proxy_ignore_headers|proxy_hide_header/);
    expect(directive("proxy_cache_methods")).toEqual(["proxy_cache_methods GET HEAD;"]);
    expect(directive("proxy_cache_background_update")).toEqual(["proxy_cache_background_update on;"]);
    expect(directive("proxy_cache_use_stale")[0]).toContain("updating");
  });

  it("never keeps an answer with Set-Cookie nor the answer to a signed-in request, and never serves one from the cache", () => {
    expect(directive("proxy_no_cache")).toEqual(["proxy_no_cache $session_cookie $http_authorization $upstream_http_set_cookie;"]);
    expect(directive("proxy_cache_bypass")).toEqual(["proxy_cache_bypass $session_cookie $http_authorization;"]);
  });

  it("recognises the app's session cookie, whole or in chunks, and not the referral visitor cookie", () => {
    const session = sessionCookieName("http://localhost:54321");
    const signedIn = new RegExp(SESSION_COOKIE_PATTERN);
    expect(signedIn.test(`${session}=base64-abc`)).toBe(true);
    expect(signedIn.test(`gc_visitor=1; ${session}.0=base64-abc; ${session}.1=def`)).toBe(true);
    expect(signedIn.test(`${sessionCookieName("https://abcd.supabase.co")}=x`)).toBe(true);
    expect(signedIn.test("gc_visitor=1")).toBe(false);
    expect(signedIn.test(`x${session}=1`)).toBe(false);
  });

  it("balances every web process and passes on the client's address from a trusted proxy only", () => {
    expect(directive("server").filter((line) => line !== "server {")).toEqual([
      "server 127.0.0.1:3000 max_fails=0;",
      "server 127.0.0.1:3001 max_fails=0;",
    ]);
    expect(config).toMatch(/^\s*least_conn;$/m);
    expect(directive("set_real_ip_from")).toEqual(["set_real_ip_from 127.0.0.1;"]);
    expect(directive("proxy_set_header")).toContain("proxy_set_header X-Real-IP $remote_addr;");
  });

  it("sheds no write unless told which, and how many at once", () => {
    expect(config).not.toContain("limit_conn");
  });

  it("reads the shared cache's period from Cache-Control as nginx does", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=1, stale-while-revalidate=5")).toBe(1);
    expect(sharedMaxAge("public, max-age=31536000, immutable")).toBe(31536000);
    expect(sharedMaxAge("private, no-cache, no-store, max-age=0, must-revalidate")).toBeNull();
    expect(sharedMaxAge("no-store")).toBeNull();
    expect(sharedMaxAge(null)).toBeNull();
  });

  it("reads which answers came from the app in the access log", () => {
    const lines = parseAccessLog(
      '1.0 HIT 200 GET "/magic" "-"\n1.1 MISS 200 GET "/api/x?y=1" "127.0.0.1:3000"\n1.2 - 202 POST "/api/campaign/pledges" "127.0.0.1:3001"\n',
    );
    expect(lines.map((line) => [line.cacheStatus, line.uri, line.fromApp])).toEqual([
      ["HIT", "/magic", false],
      ["MISS", "/api/x?y=1", true],
      ["-", "/api/campaign/pledges", true],
    ]);
  });
});

// The same rules with nginx running, in front of a stand-in for the app, when nginx is installed.
const nginx = findNginx();

describe.skipIf(!nginx)("the cache in front, running", () => {
  const seen: { url: string; port: number; realIp: string | undefined }[] = [];
  const servers: http.Server[] = [];
  let front: RunningNginx;
  let dir: string;

  // POSTs to /write are held open until released: the app busy with them.
  const held: (() => void)[] = [];
  const app = (port: number) =>
    http.createServer((request, response) => {
      const url = request.url ?? "/";
      seen.push({ url, port, realIp: request.headers["x-real-ip"] as string | undefined });
      if (url === "/write" && request.method === "POST") {
        held.push(() => response.writeHead(202, { "content-type": "application/json" }).end('{"data":{"received":true}}'));
        return;
      }
      const headers: Record<string, string> = { "content-type": "text/plain" };
      if (url.startsWith("/public") || url.startsWith("/signed-in")) headers["cache-control"] = "public, max-age=0, s-maxage=60";
      if (url.startsWith("/with-cookie"))
        Object.assign(headers, { "cache-control": "public, s-maxage=60", "set-cookie": "gc_visitor=abc; Path=/; HttpOnly" });
      if (url.startsWith("/private")) headers["cache-control"] = "private, no-store";
      response.writeHead(200, headers);
      response.end(`${url} for ${request.headers.cookie ?? request.headers.authorization ?? "anyone"}`);
    });

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const server = app(port);
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      servers.push(server);
    }
    dir = mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
    front = await startNginx(
      nginx!,
      {
        dir,
        port: await freePort(),
        upstreams: ports.map((port) => `127.0.0.1:${port}`),
        trustedProxies: ["127.0.0.1"],
        publicWrites: { paths: ["/write"], inFlight: 2, retryAfterSeconds: 3 },
      },
      "nginx test",
    );
  });

  afterAll(async () => {
    await cleanupAll();
    for (const server of servers) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = async (address: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(address, front.baseUrl), { headers });
    return { cache: response.headers.get("x-cache"), body: await response.text() };
  };
  const reachedApp = (address: string) => seen.filter((request) => request.url === address).length;

  it("answers a public read from the cache after its first request", async () => {
    expect((await get("/public")).cache).toBe("MISS");
    expect((await get("/public")).cache).toBe("HIT");
    expect((await get("/public", { cookie: "gc_visitor=1" })).cache).toBe("HIT");
    expect(reachedApp("/public")).toBe(1);
  });

  it("never keeps an answer with Set-Cookie or marked private", async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await get("/with-cookie")).cache).toBe("MISS");
      expect((await get("/private")).cache).toBe("MISS");
    }
    expect(reachedApp("/with-cookie")).toBe(2);
    expect(reachedApp("/private")).toBe(2);
  });

  it("sends every signed-in request to the app and keeps none of their answers", async () => {
    const session = `${sessionCookieName("http://localhost:54321")}=base64-abc`;
    expect(await get("/signed-in", { cookie: session })).toEqual({ cache: "BYPASS", body: `/signed-in for ${session}` });
    expect((await get("/signed-in", { authorization: "Bearer abc" })).cache).toBe("BYPASS");
    expect(await get("/signed-in")).toEqual({ cache: "MISS", body: "/signed-in for anyone" });
    expect(reachedApp("/signed-in")).toBe(3);
  });

  it("passes on the trusted client address, spreads requests over the web processes, and logs what reached the app", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(new URL(`/private?${i}`, front.baseUrl), { headers: { "x-real-ip": `10.0.0.${i}` } }).then((r) => r.text()),
      ),
    );
    const spread = seen.filter((request) => request.url.startsWith("/private?"));
    expect(new Set(spread.map((request) => request.port)).size).toBe(2);
    expect(spread.map((request) => request.realIp).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`).sort());
    await sleep(1500);
    const logged = readAccessLog(front.accessLog).lines.filter((line) => line.uri === "/public");
    expect(logged.map((line) => [line.cacheStatus, line.fromApp])).toEqual([
      ["MISS", true],
      ["HIT", false],
      ["HIT", false],
    ]);
    expect(
      cacheEntries(path.join(dir, "cache"))
        .map((entry) => new URL(entry.key).pathname)
        .sort(),
    ).toEqual(["/public", "/signed-in"]);
  });

  it("answers a write past the ones in progress busy itself, as the app would, and counts only writes", async () => {
    const write = () => fetch(new URL("/write", front.baseUrl), { method: "POST", body: "{}" });
    const inProgress = [write(), write()];
    while (held.length < 2) await sleep(20);
    const refused = await write();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(apiErrorEnvelopeSchema.parse(await refused.json())).toEqual(busyEnvelope());
    expect(reachedApp("/write")).toBe(2);
    // A read of the same address is not a write: it goes on.
    expect((await fetch(new URL("/write", front.baseUrl))).status).toBe(200);

    held.splice(0).forEach((answer) => answer());
    expect((await Promise.all(inProgress)).map((response) => response.status)).toEqual([202, 202]);
    // Places free again: the next write reaches the app.
    const next = write();
    while (held.length < 1) await sleep(20);
    held.splice(0).forEach((answer) => answer());
    expect((await next).status).toBe(202);
    expect(seen.filter((request) => request.url === "/write").length).toBe(4);
  });
});
